// A booking's assistant conversation in its details dialog (issue 17): what the buyer and the assistant
// wrote before the booking. Nothing is shown for a booking made another way (the server answers 404).
import { useQuery } from '@tanstack/react-query';
import { ASSISTANT_UI } from '@keyturn/domain/assistant/texts';
import type { ConversationMessage } from '@keyturn/domain/schemas/assistant';
import { ApiError, api } from '@/lib/api';

type Answer = { success: true; data: { id: string; created_at: string; messages: ConversationMessage[] } };

export function BookingConversation({ bookingId }: { bookingId: string }) {
  const conversation = useQuery({
    queryKey: ['bookings', bookingId, 'conversation'],
    queryFn: async () => {
      try {
        return (await api.get<Answer>(`/bookings/${encodeURIComponent(bookingId)}/conversation`)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
  const data = conversation.data;
  if (!data) return null;
  return (
    <section aria-labelledby={`conversation-${bookingId}`} className="space-y-2">
      <h3 id={`conversation-${bookingId}`} className="text-sm font-semibold text-slate-900">
        {ASSISTANT_UI.conversationHeading}
      </h3>
      <ol className="max-h-72 space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-3">
        {data.messages.map((m, i) => (
          <li key={i} className="text-sm">
            <span className="font-medium text-slate-700">{m.role === 'buyer' ? 'Buyer' : 'Assistant'}: </span>
            <span className="whitespace-pre-line text-slate-800">{m.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
