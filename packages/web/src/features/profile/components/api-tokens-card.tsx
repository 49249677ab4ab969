import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_SCOPES, apiTokensMessages, isApiTokenScope, type ApiToken, type ApiTokenScope } from '@verdant/contract';
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, Input, LoadingState, Select, useToast } from '../../../components/ui';
import { apiTokensQuery } from '../../../api/queries/api-tokens';
import { useFormatDate } from '../../../lib/format-date';
import { translateServerMessage } from '../../../lib/server-message';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useCreateApiToken, useRevokeApiToken } from '../api/use-api-tokens';

/** The token just made, shown this once (the server keeps only its hash), with how a script sends it. */
function NewToken({ companyId, name, token, onDone }: { companyId: number; name: string; token: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  // A browser may refuse the clipboard (no permission, not a secure page): then the token is selected to copy by hand.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopyFailed(true);
    }
  };
  return (
    <Alert tone="warning" title={t('apiTokens.new.title', { name })}>
      <p>{t('apiTokens.new.once')}</p>
      <code className="my-2 block select-all break-all rounded bg-white p-2 font-mono text-sm text-stone-900" aria-label={t('apiTokens.new.label')}>
        {token}
      </code>
      {copyFailed && <p className="text-sm font-medium">{t('apiTokens.new.copyFailed')}</p>}
      <p className="text-sm">{t('apiTokens.new.howTo')}</p>
      <code className="my-2 block break-all rounded bg-white p-2 font-mono text-xs text-stone-800">
        {`curl -H "Authorization: Bearer ${token}" "${window.location.origin}/api/get_batches?company_id=${companyId}"`}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('apiTokens.new.copied') : t('apiTokens.new.copy')}
        </Button>
        <Button onClick={onDone}>{t('apiTokens.new.done')}</Button>
      </div>
    </Alert>
  );
}

function CreateForm({ companyId, onCreated }: { companyId: number; onCreated: (name: string, token: string) => void }) {
  const { t } = useTranslation('profile');
  const online = useOnlineStatus();
  const create = useCreateApiToken(companyId);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const server = (message: string) => translateServerMessage(message, apiTokensMessages, t, 'profile:apiTokensServer');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (answer) => {
          setName('');
          onCreated(answer.api_token.name, answer.token);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      {!online && <Alert tone="warning">{t('apiTokens.offline')}</Alert>}
      {create.isError && <Alert tone="danger">{server(create.error.message)}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t('apiTokens.name')}
          hint={t('apiTokens.nameHint')}
          name="token-name"
          required
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Select
          label={t('apiTokens.scope')}
          hint={t(`apiTokens.scopeHint.${scope}`)}
          name="token-scope"
          value={scope}
          onChange={(e) => isApiTokenScope(e.target.value) && setScope(e.target.value)}
          options={API_TOKEN_SCOPES.map((s) => ({ value: s, label: t(`apiTokens.scopes.${s}`) }))}
        />
      </div>
      <Button type="submit" loading={create.isPending} disabled={!online || !name.trim()}>
        {t('apiTokens.create')}
      </Button>
    </form>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t } = useTranslation('profile');
  const formatDate = useFormatDate();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium text-stone-900">{token.name}</span>
          <Badge tone={token.scope === 'all' ? 'warning' : token.scope === 'scouting' ? 'info' : 'neutral'}>{t(`apiTokens.scopes.${token.scope}`)}</Badge>
        </p>
        <p className="text-sm text-stone-600">
          <code className="font-mono text-xs">{token.hint}…</code>
          {' · '}
          {t('apiTokens.created', { when: formatDate(token.created_at) })}
          {' · '}
          {token.last_used_at ? t('apiTokens.lastUsed', { when: formatDate(token.last_used_at) }) : t('apiTokens.neverUsed')}
        </p>
      </div>
      <Button variant="secondary" className="shrink-0" onClick={onRevoke} aria-label={t('apiTokens.revokeNamed', { name: token.name })}>
        {t('apiTokens.revoke')}
      </Button>
    </li>
  );
}

/** Personal API tokens for scripts and other tools: made here, shown once, listed with their last use, revoked. */
export function ApiTokensCard({ companyId }: { companyId: number }) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const tokens = useQuery(apiTokensQuery(companyId));
  const revoke = useRevokeApiToken(companyId);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const server = (message: string) => translateServerMessage(message, apiTokensMessages, t, 'profile:apiTokensServer');

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.token_id, {
      onSuccess: (answer) => toast.success(server(answer.message)),
      onError: (err) => toast.danger(server(err.message)),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <Card title={t('apiTokens.title')} description={t('apiTokens.description')} className="lg:col-span-2">
      <div className="space-y-5">
        {shown ? (
          <NewToken companyId={companyId} name={shown.name} token={shown.token} onDone={() => setShown(null)} />
        ) : (
          <CreateForm companyId={companyId} onCreated={(name, token) => setShown({ name, token })} />
        )}
        <div>
          <h3 className="mb-1 text-sm font-semibold text-stone-900">{t('apiTokens.listTitle')}</h3>
          {tokens.isPending ? (
            <LoadingState />
          ) : tokens.isError ? (
            <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
          ) : tokens.data.length === 0 ? (
            <EmptyState title={t('apiTokens.emptyTitle')} description={t('apiTokens.emptyText')} />
          ) : (
            <ul className="divide-y divide-stone-200" aria-label={t('apiTokens.listTitle')}>
              {tokens.data.map((token) => (
                <TokenRow key={token.token_id} token={token} onRevoke={() => setRevoking(token)} />
              ))}
            </ul>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        destructive
        loading={revoke.isPending}
        title={t('apiTokens.confirmTitle', { name: revoking?.name ?? '' })}
        description={t('apiTokens.confirmText')}
        confirmLabel={t('apiTokens.revoke')}
        onCancel={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
