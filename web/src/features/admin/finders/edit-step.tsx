import './finders.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { useAction } from '../kit/action.ts';
import { Crumbs, NumberField, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { AdminPage, ErrorText, Loading } from '../ui.tsx';
import { findersApi, findersKey, type Step } from './api.ts';
import { STEP_TYPE_CHOICES } from './labels.ts';
import { findersPath, stepsPath, useRefresh } from './parts.tsx';
import { StepMedia } from './step-media.tsx';

interface Draft {
  index: string;
  type: string;
  shortName: string;
  description: string;
}

const draftOf = (step: Step): Draft => ({
  index: String(step.index),
  type: String(step.type),
  shortName: step.shortName,
  description: step.description,
});

/**
 * /edit-step?id&fid (a step of finder fid) or ?sid (a new step of finder sid) — 001 §2. A saved
 * step gets its picture and video here too.
 */
export function EditStep() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const fid = id ? (params.get('fid') ?? '') : (params.get('sid') ?? '');
  const isNew = id === '';
  const step = useQuery({
    queryKey: findersKey('step', id, fid),
    queryFn: () => findersApi.step(id, fid),
    enabled: !isNew && fid !== '',
  });
  const finder = useQuery({
    queryKey: findersKey('steps', fid, 0),
    queryFn: () => findersApi.steps(fid, 0),
    enabled: fid !== '',
  });
  const loaded = step.data?.step;
  const title = isNew ? 'new step' : loaded ? `step ${loaded.index}: ${loaded.shortName}` : 'step';
  const typeName = finder.data?.type?.name;
  return (
    <AdminPage title={title}>
      <div className="adm-finders">
        {finder.data && (
          <Crumbs
            items={[
              ['collections', '/view-types'],
              [typeName ?? 'collection', findersPath(finder.data.finder.typeId)],
              ['size finder', stepsPath(fid)],
              [isNew ? 'new step' : (loaded?.shortName ?? 'step'), undefined],
            ]}
          />
        )}
        {!fid && <ErrorText>no size finder chosen</ErrorText>}
        <ErrorText>{step.error?.message ?? finder.error?.message}</ErrorText>
        {isNew && finder.data && (
          <StepForm key="new" fid={fid} nextIndex={finder.data.finder.numberOfSteps + 1} />
        )}
        {!isNew && (step.isPending ? <Loading /> : null)}
        {loaded && (
          <>
            <StepForm key={loaded.id} fid={fid} step={loaded} nextIndex={loaded.index} />
            <StepMedia step={loaded} fid={fid} />
          </>
        )}
      </div>
    </AdminPage>
  );
}

function StepForm({ fid, step, nextIndex }: { fid: string; step?: Step; nextIndex: number }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [draft, setDraft] = useState<Draft>(
    step ? draftOf(step) : { index: String(nextIndex), type: '1', shortName: '', description: '' },
  );
  const { busy, error, setError, run } = useAction();
  const [saved, setSaved] = useState('');
  const set = (field: keyof Draft) => (value: string) => {
    setSaved('');
    setDraft((d) => ({ ...d, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!draft.index.trim() || !draft.shortName.trim() || !draft.description.trim()) {
      setError(ADMIN_MESSAGES.fillAllBlanks);
      return;
    }
    const fields = {
      index: Number(draft.index),
      type: Number(draft.type),
      shortName: draft.shortName,
      description: draft.description,
    };
    await run(async () => {
      if (step) {
        await findersApi.updateStep(step.id, fid, fields);
        await refresh();
        setSaved('saved.');
      } else {
        const created = await findersApi.createStep(fid, fields);
        await refresh();
        navigate(`/edit-step?id=${encodeURIComponent(created.id)}&fid=${encodeURIComponent(fid)}`, {
          replace: true,
        });
      }
    });
  };

  return (
    <form className="adm-form" onSubmit={submit} noValidate>
      <NumberField
        label="index (order of the question)"
        max={9999}
        step={1}
        value={draft.index}
        onChange={set('index')}
        required
      />
      <SelectField label="type" value={draft.type} onChange={set('type')} choices={STEP_TYPE_CHOICES} />
      <TextField
        label="short name (names the answer)"
        hint="e.g. bust, height, email"
        value={draft.shortName}
        maxLength={60}
        onChange={set('shortName')}
        required
      />
      <TextAreaField
        label="question"
        rows={3}
        value={draft.description}
        maxLength={2000}
        onChange={set('description')}
        required
      />
      <div className="adm-row">
        <button type="submit" disabled={busy}>
          {busy ? 'saving...' : step ? 'save step' : 'add step'}
        </button>
        <Link to={stepsPath(fid)}>back to the steps</Link>
        {saved && (
          <span role="status" className="adm-finders-saved">
            {saved}
          </span>
        )}
      </div>
      <ErrorText>{error}</ErrorText>
    </form>
  );
}
