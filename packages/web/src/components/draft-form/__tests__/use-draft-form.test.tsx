import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DraftFormAlerts, draftSchema, useDraftForm } from '..';

interface Draft {
  name: string;
  count: string;
}

const schema = draftSchema<Draft, { name: string; count: number }>(
  (d) => ({ name: d.name.trim() === '' ? 'nameRequired' : undefined, count: /^\d+$/.test(d.count) ? undefined : 'countWhole' }),
  (d) => ({ name: d.name.trim(), count: Number(d.count) }),
);

function Harness({ onSave, refusal }: { onSave: (v: { name: string; count: number }) => void; refusal?: { field?: string; text: string } }) {
  const [defaults] = useState<Draft>({ name: '', count: '1' });
  const { form, draft, change, errorOf, hasRuleErrors, serverError, showServerError } = useDraftForm({ schema, defaultValues: defaults, wireField: { the_name: 'name' } });
  const submit = form.handleSubmit((request) => {
    onSave(request);
    if (refusal) showServerError(refusal.field ? { field: refusal.field } : new Error(refusal.text), refusal.text);
  });
  const say = (key: string) => `said:${key}`;
  return (
    <form onSubmit={submit} noValidate>
      <DraftFormAlerts hasRuleErrors={hasRuleErrors} fixErrors="fix" serverError={serverError} />
      <input aria-label="name" value={draft.name} onChange={(e) => change({ name: e.target.value })} />
      <p data-testid="name-error">{errorOf('name', say) ?? ''}</p>
      <input aria-label="count" value={draft.count} onChange={(e) => change({ count: e.target.value })} />
      <p data-testid="count-error">{errorOf('count', say) ?? ''}</p>
      <button type="submit">save</button>
    </form>
  );
}

describe('useDraftForm', () => {
  it('checks the rules on save only, clears a field refusal when that field changes, and hands the request to the save', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await user.clear(screen.getByLabelText('count'));
    await user.type(screen.getByLabelText('count'), 'x');
    expect(screen.getByTestId('count-error')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(screen.getByTestId('name-error')).toHaveTextContent('said:nameRequired');
    expect(screen.getByTestId('count-error')).toHaveTextContent('said:countWhole');
    expect(screen.getByRole('alert')).toHaveTextContent('fix');
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('name'), ' Thrips ');
    expect(screen.getByTestId('name-error')).toHaveTextContent('');
    expect(screen.getByTestId('count-error')).toHaveTextContent('said:countWhole');
    await user.clear(screen.getByLabelText('count'));
    await user.type(screen.getByLabelText('count'), '3');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Thrips', count: 3 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a server refusal under the wire field it names, as given, without the fix-the-fields alert', async () => {
    const user = userEvent.setup();
    render(<Harness onSave={vi.fn()} refusal={{ field: 'the_name', text: 'Name taken' }} />);
    await user.type(screen.getByLabelText('name'), 'Mites');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('Name taken')).toBeInTheDocument();
    expect(screen.getByTestId('name-error')).toHaveTextContent('Name taken');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('name'), 's');
    expect(screen.getByTestId('name-error')).toHaveTextContent('');
  });

  it('shows a refusal that names no field above the form, until the next save', async () => {
    const user = userEvent.setup();
    render(<Harness onSave={vi.fn()} refusal={{ text: 'Server down' }} />);
    await user.type(screen.getByLabelText('name'), 'Mites');
    await user.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    await user.type(screen.getByLabelText('name'), 's');
    expect(screen.getByRole('alert')).toHaveTextContent('Server down');
  });
});
