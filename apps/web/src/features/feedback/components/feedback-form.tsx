// The buyer's answers (issue 6): rating 1–5, interest, price opinion, liked / disliked, second showing and
// comments. Validated with the domain's schema for the agent's questions, the same one the server applies.
import { useForm, type Resolver } from 'react-hook-form';
import {
  FEEDBACK_MESSAGES,
  FEEDBACK_TEXT_MAX,
  feedbackAnswersFor,
  INTEREST_LEVELS,
  INTEREST_LEVEL_KEYS,
  PRICE_OPINIONS,
  PRICE_OPINION_KEYS,
  RATING_KEYS,
  type FeedbackAnswers,
  type FeedbackQuestions,
} from '@keyturn/domain/schemas/feedback';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/alert';
import { SpinnerCircle } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/text-field';
import { useT } from '@/lib/i18n';
import { VISIT } from '@/lib/visit-area';
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

/** The schema's English messages, by their key in the `visit` catalogue (the page says them in its language). */
const MESSAGE_KEYS = new Map<
  string,
  'ratingRequired' | 'interestRequired' | 'priceRequired' | 'secondShowingRequired'
>([
  [FEEDBACK_MESSAGES.ratingRequired, 'ratingRequired'],
  [FEEDBACK_MESSAGES.interestRequired, 'interestRequired'],
  [FEEDBACK_MESSAGES.priceRequired, 'priceRequired'],
  [FEEDBACK_MESSAGES.secondShowingRequired, 'secondShowingRequired'],
]);

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
  const t = useT(VISIT);
  const ratings = RATING_KEYS.map((key, i) => ({
    value: String(i + 1),
    label: t(key),
    badge: String(i + 1),
  }));
  const interests = INTEREST_LEVELS.map((value) => ({ value, label: t(INTEREST_LEVEL_KEYS[value]) }));
  const prices = PRICE_OPINIONS.map((value) => ({ value, label: t(PRICE_OPINION_KEYS[value]) }));
  const yesNo = [
    { value: 'yes', label: t('yesAgain') },
    { value: 'no', label: t('noThanks') },
  ];
  /** The form's own check says its message in the page's language (the server's come in it already). */
  const said = (message: string | undefined): string | undefined => {
    if (message === undefined) return undefined;
    const key = MESSAGE_KEYS.get(message);
    if (key) return t(key);
    if (message === FEEDBACK_MESSAGES.textTooLong(FEEDBACK_TEXT_MAX))
      return t('textTooLong', { max: FEEDBACK_TEXT_MAX });
    return message;
  };
  const { register, handleSubmit, formState } = useForm<FeedbackFormValues, unknown, FeedbackAnswers>({
    defaultValues: toFormValues(initial),
    resolver: resolverFor(questions),
    shouldFocusError: true,
  });
  const errorOf = (name: (typeof FIELD_NAMES)[number]) =>
    said(formState.errors[name]?.message) ?? serverError?.fields[name];

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-6 space-y-6">
      <ChoiceGroup
        legend={t('rateLegend')}
        hint={t('rateHint')}
        choices={ratings}
        columns={5}
        registration={register('rating')}
        error={errorOf('rating')}
      />
      <ChoiceGroup
        legend={t('interestLegend')}
        choices={interests}
        registration={register('interest_level')}
        error={errorOf('interest_level')}
      />
      {questions.ask_price_opinion ? (
        <ChoiceGroup
          legend={t('priceLegend')}
          choices={prices}
          registration={register('price_opinion')}
          error={errorOf('price_opinion')}
        />
      ) : null}
      <TextAreaField label={t('likedLabel')} error={errorOf('liked')} {...register('liked')} />
      <TextAreaField label={t('dislikedLabel')} error={errorOf('disliked')} {...register('disliked')} />
      {questions.ask_second_showing ? (
        <ChoiceGroup
          legend={t('secondLegend')}
          choices={yesNo}
          columns={2}
          registration={register('second_showing')}
          error={errorOf('second_showing')}
        />
      ) : null}
      <TextAreaField
        label={t('commentsLabel')}
        rows={4}
        error={errorOf('comments')}
        {...register('comments')}
      />
      {serverError ? <ErrorAlert>{serverError.message}</ErrorAlert> : null}
      <Button type="submit" variant="brand" size="lg" fullWidth disabled={submitting}>
        {submitting ? <SpinnerCircle size="sm" /> : null}
        {t(submitting ? 'sending' : initial ? 'updateFeedback' : 'sendFeedback')}
      </Button>
    </form>
  );
}
