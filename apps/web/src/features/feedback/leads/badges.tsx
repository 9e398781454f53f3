// The pills a lead wears: its class and the sentiment of its words.
import { LEAD_CLASS_LABELS, type LeadClass } from '@keyturn/domain/insights/classify';
import type { SentimentLabel } from '@keyturn/domain/insights/signals';
import { StatusPill } from '@/components/ui/status-badge';

const classTones: Record<LeadClass, string> = {
  hot: 'bg-red-50 text-red-700 ring-red-200',
  potential: 'bg-amber-50 text-amber-800 ring-amber-200',
  cold: 'bg-sky-50 text-sky-800 ring-sky-200',
};

const sentimentTones: Record<SentimentLabel, string> = {
  positive: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  negative: 'bg-red-50 text-red-700 ring-red-200',
  mixed: 'bg-violet-50 text-violet-700 ring-violet-200',
};

export const SENTIMENT_LABEL_TEXT: Record<SentimentLabel, string> = {
  positive: 'Positive',
  neutral: 'Neutral',
  negative: 'Negative',
  mixed: 'Mixed',
};

export function LeadClassBadge({ value }: { value: LeadClass }) {
  return <StatusPill tone={classTones[value]}>{LEAD_CLASS_LABELS[value]}</StatusPill>;
}

export function SentimentBadge({ value }: { value: SentimentLabel }) {
  return <StatusPill tone={sentimentTones[value]}>{SENTIMENT_LABEL_TEXT[value]}</StatusPill>;
}
