import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsArea } from '@keyturn/domain/schemas/agentSettings';
import { AGENT_PROFILE_QUERY_KEY } from '@/lib/agent-profile';
import {
  acknowledgeDefaults,
  fetchAvailability,
  fetchBranding,
  fetchFeedbackSettings,
  fetchNotificationSettings,
  saveAvailability,
  saveBranding,
  saveFeedbackSettings,
  saveNotificationSettings,
} from '../api';

const AVAILABILITY_KEY = ['availability'] as const;
const BRANDING_KEY = ['agents', 'branding'] as const;
const NOTIFICATIONS_KEY = ['agents', 'notifications'] as const;
const FEEDBACK_KEY = ['agents', 'feedback-settings'] as const;
export const ASSISTANT_SETTINGS_KEY = ['agents', 'assistant-settings'] as const;
export const SCHEDULING_PREFERENCES_KEY = ['agents', 'scheduling-preferences'] as const;

const keyOf: Record<SettingsArea, readonly string[]> = {
  branding: BRANDING_KEY,
  notifications: NOTIFICATIONS_KEY,
  feedback: FEEDBACK_KEY,
  assistant: ASSISTANT_SETTINGS_KEY,
  scheduling: SCHEDULING_PREFERENCES_KEY,
};

export function useAvailability() {
  return useQuery({ queryKey: AVAILABILITY_KEY, queryFn: fetchAvailability });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: async (saved) => {
      queryClient.setQueryData(AVAILABILITY_KEY, saved);
      // Free times on any date follow the hours.
      await queryClient.invalidateQueries({ queryKey: ['free-slots'] });
    },
  });
}

export function useBranding() {
  return useQuery({ queryKey: BRANDING_KEY, queryFn: fetchBranding });
}

export function useSaveBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBranding,
    onSuccess: async (saved) => {
      queryClient.setQueryData(BRANDING_KEY, saved);
      // The shell's picture and the profile form read the agent profile.
      await queryClient.invalidateQueries({ queryKey: AGENT_PROFILE_QUERY_KEY });
    },
  });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: NOTIFICATIONS_KEY, queryFn: fetchNotificationSettings });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATIONS_KEY, saved),
  });
}

export function useFeedbackSettings() {
  return useQuery({ queryKey: FEEDBACK_KEY, queryFn: fetchFeedbackSettings });
}

export function useSaveFeedbackSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeedbackSettings,
    onSuccess: (saved) => queryClient.setQueryData(FEEDBACK_KEY, saved),
  });
}

export function useAcknowledgeDefaults(area: SettingsArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acknowledgeDefaults(area),
    onSuccess: () => {
      queryClient.setQueryData(keyOf[area], (current: object | undefined) =>
        current ? { ...current, acknowledged: true } : current,
      );
    },
  });
}
