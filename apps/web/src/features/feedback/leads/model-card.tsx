// Enterprise: the predictive model trained on the agent's own outcomes — its held-out AUC and what drives it,
// or why there is none yet.
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { fetchModel, leadKeys } from './api';

export function ModelCard() {
  const model = useQuery({ queryKey: leadKeys.model, queryFn: fetchModel });
  return (
    <section
      aria-labelledby="model-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="model-heading" className="text-base font-semibold text-slate-900">
        Predictive scoring
      </h2>
      {model.isPending ? (
        <Spinner label="Loading the model" size="sm" />
      ) : model.isError ? (
        <ErrorAlert>We could not load the model. {model.error.message}</ErrorAlert>
      ) : model.data.status === 'insufficient' ? (
        <p className="mt-1 text-sm text-slate-700">{model.data.message}</p>
      ) : (
        <div className="mt-1 space-y-2 text-sm text-slate-700">
          <p>
            Trained on {model.data.trained_on} of your closed leads. Measured on the {model.data.held_out} it
            did not learn from: AUC <span className="font-semibold">{model.data.auc.toFixed(2)}</span> (0.5 is
            a coin toss, 1 is perfect).
          </p>
          <p className="font-medium text-slate-900">What drives your offers</p>
          <ul className="list-inside list-disc">
            {model.data.features.slice(0, 3).map((f) => (
              <li
                key={f.id}
              >{`${f.label}: ${f.effect.toLowerCase()} (${f.weight > 0 ? '+' : ''}${f.weight.toFixed(2)})`}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
