// The buyer's answers (issue 6): rating 1–5, interest, price opinion, liked / disliked, second showing and
// comments. Validated with the domain's schema for the agent's questions, the same one the server applies.
import { useForm, type Resolver } from 'react-hook-form';
import {
  feedbackAnswersFor,
  INTEREST_LEVELS,
  INTEREST_LEVEL_LABELS,
  PRICE_OPINIONS,
  PRICE_OPINION_LABELS,
  RATING_LABELS,
  type FeedbackAnswers,
  type FeedbackQuestions,
} from '@keyturn/domain/schemas/feedback';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/alert';
import { SpinnerCircle } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/text-field';
import { ChoiceGroup } from './choice-group';

/** What the inputs hold: radio values and text, all strings. */
export interface FeedbackFormValues {
  rating: string;
  interest_level: string;
  price_opinion: string;
  second_showing: '' | 'yes' | 'no';
  liked: string;
  disliked: string;
  comments: string;
}

export const FIELD_NAMES = [
  'rating',
  'interest_level',
  'price_opinion',
  'second_showing',
  'liked',
  'disliked',
  'comments',
] as const satisfies readonly (keyof FeedbackFormValues)[];

const RATINGS = RATING_LABELS.map((label, i) => ({ value: String(i + 1), label, badge: String(i + 1) }));
const INTERESTS = INTEREST_LEVELS.map((value) => ({ value, label: INTEREST_LEVEL_LABELS[value] }));
const PRICES = PRICE_OPINIONS.map((value) => ({ value, label: PRICE_OPINION_LABELS[value] }));
const YES_NO = [
  { value: 'yes', label: 'Yes, I would like to see it again' },
  { value: 'no', label: 'No, thank you' },
];

export function toFormValues(answers: FeedbackAnswers | null): FeedbackFormValues {
  return {
    rating: answers ? String(answers.rating) : '',
    interest_level: answers?.interest_level ?? '',
    price_opinion: answers?.price_opinion ?? '',
    second_showing: answers?.second_showing == null ? '' : answers.second_showing ? 'yes' : 'no',
    liked: answers?.liked ?? '',
    disliked: answers?.disliked ?? '',
    comments: answers?.comments ?? '',
  };
}

/** The form's strings as the API's answers; unanswered choices are left for the schema to report. */
export function toAnswers(values: FeedbackFormValues, questions: FeedbackQuestions): unknown {
  return {
    rating: values.rating ? Number(values.rating) : undefined,
    interest_level: values.interest_level || undefined,
    price_opinion: questions.ask_price_opinion ? values.price_opinion || undefined : null,
    second_showing: questions.ask_second_showing
      ? values.second_showing === ''
        ? null
        : values.second_showing === 'yes'
      : null,
    liked: values.liked,
    disliked: values.disliked,
    comments: values.comments,
  };
}

function resolverFor(questions: FeedbackQuestions): Resolver<FeedbackFormValues, unknown, FeedbackAnswers> {
  const schema = feedbackAnswersFor(questions);
  return async (values) => {
    const parsed = schema.safeParse(toAnswers(values, questions));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? 'rating');
      errors[name] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

interface FeedbackFormProps {
  questions: FeedbackQuestions;
  initial: FeedbackAnswers | null;
  submitting: boolean;
  /** The server's refusal: its message and per-field messages. */
  serverError: { message: string; fields: Readonly<Record<string, string>> } | null;
  onSubmit: (answers: FeedbackAnswers) => void;
}

export function FeedbackForm({ questions, initial, submitting, serverError, onSubmit }: FeedbackFormProps) {
  const { register, handleSubmit, formState } = useForm<FeedbackFormValues, unknown, FeedbackAnswers>({
    defaultValues: toFormValues(initial),
    resolver: resolverFor(questions),
    shouldFocusError: true,
  });
  const errorOf = (name: (typeof FIELD_NAMES)[number]) =>
    formState.errors[name]?.message ?? serverError?.fields[name];

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 space-y-6">
      <ChoiceGroup
        legend="How would you rate the property?"
        hint="1 is poor, 5 is excellent."
        choices={RATINGS}
        columns={5}
        registration={register('rating')}
        error={errorOf('rating')}
      />
      <ChoiceGroup
        legend="How interested are you in this property?"
        choices={INTERESTS}
        registration={register('interest_level')}
        error={errorOf('interest_level')}
      />
      {questions.ask_price_opinion ? (
        <ChoiceGroup
          legend="What do you think of the asking price?"
          choices={PRICES}
          registration={register('price_opinion')}
          error={errorOf('price_opinion')}
        />
      ) : null}
      <TextAreaField label="What did you like? (optional)" error={errorOf('liked')} {...register('liked')} />
      <TextAreaField
        label="What did you not like? (optional)"
        error={errorOf('disliked')}
        {...register('disliked')}
      />
      {questions.ask_second_showing ? (
        <ChoiceGroup
          legend="Would you like a second showing?"
          choices={YES_NO}
          columns={2}
          registration={register('second_showing')}
          error={errorOf('second_showing')}
        />
      ) : null}
      <TextAreaField
        label="Anything else you would like to tell your agent? (optional)"
        rows={4}
        error={errorOf('comments')}
        {...register('comments')}
      />
      {serverError ? <ErrorAlert>{serverError.message}</ErrorAlert> : null}
      <Button type="submit" variant="brand" size="lg" fullWidth disabled={submitting}>
        {submitting ? <SpinnerCircle size="sm" /> : null}
        {submitting ? 'Sending…' : initial ? 'Update my feedback' : 'Send feedback'}
      </Button>
    </form>
  );
}
