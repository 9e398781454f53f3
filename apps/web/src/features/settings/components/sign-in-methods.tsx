// Settings → Account, "Sign-in methods" (issue 41): password, Google and Microsoft — link one (the provider's
// page, then back here with ?linked= or ?socialError=), unlink one; the server refuses to remove the last way
// in and says so.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import {
  isSocialSignInError,
  SIGN_IN_METHOD_TEXTS,
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_SIGN_IN_ERRORS,
  type SignInMethod,
  type SocialProvider,
} from '@keyturn/domain/signInMethods';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import {
  SIGN_IN_METHODS_KEY,
  signInMethods,
  startSocial,
  unlinkSignInMethod,
  type SignInMethodState,
} from '@/lib/social-sign-in';

const nameOf = (method: SignInMethod) =>
  method === 'password' ? SIGN_IN_METHOD_TEXTS.password : SOCIAL_PROVIDER_NAMES[method];

export function SignInMethods() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const returned = params.get('socialError');
  const linkedNow = params.get('linked');
  const [failure, setFailure] = useState<string | null>(
    returned && isSocialSignInError(returned) ? SOCIAL_SIGN_IN_ERRORS[returned] : null,
  );
  const [notice] = useState<string | null>(
    linkedNow === 'google' || linkedNow === 'microsoft' ? SIGN_IN_METHOD_TEXTS.linked(linkedNow) : null,
  );
  const { data: methods } = useQuery({ queryKey: SIGN_IN_METHODS_KEY, queryFn: signInMethods });

  const link = useMutation({
    mutationFn: (provider: SocialProvider) => startSocial(provider, 'link'),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => setFailure(error.message),
  });
  const unlink = useMutation({
    mutationFn: unlinkSignInMethod,
    onSuccess: async (answer) => {
      setFailure(null);
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: SIGN_IN_METHODS_KEY });
    },
    onError: (error) => setFailure(error.message),
  });

  const shown = (methods ?? []).filter((m) => m.linked || m.available);
  return (
    <section
      aria-labelledby="sign-in-methods-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="sign-in-methods-heading" className="font-semibold text-slate-900">
        {SIGN_IN_METHOD_TEXTS.sectionTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{SIGN_IN_METHOD_TEXTS.sectionDescription}</p>
      <div className="mt-3 space-y-3">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {notice && !failure ? (
          <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
            {notice}
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100">
          {shown.map((m) => (
            <MethodRow
              key={m.method}
              state={m}
              busy={link.isPending || unlink.isPending}
              onLink={(p) => link.mutate(p)}
              onUnlink={(p) => unlink.mutate(p)}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

function MethodRow({
  state,
  busy,
  onLink,
  onUnlink,
}: {
  state: SignInMethodState;
  busy: boolean;
  onLink: (provider: SocialProvider) => void;
  onUnlink: (provider: SocialProvider) => void;
}) {
  const { method, linked } = state;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="text-sm text-slate-800">
        <span className="font-medium">{nameOf(method)}</span>
        <span className="ml-2 text-slate-500">{SIGN_IN_METHOD_TEXTS.state(method, linked)}</span>
      </span>
      {method === 'password' ? null : linked ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => onUnlink(method)}
          aria-label={`${SIGN_IN_METHOD_TEXTS.unlink} ${SOCIAL_PROVIDER_NAMES[method]}`}
        >
          {SIGN_IN_METHOD_TEXTS.unlink}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => onLink(method)}>
          {SIGN_IN_METHOD_TEXTS.link(method)}
        </Button>
      )}
    </li>
  );
}
