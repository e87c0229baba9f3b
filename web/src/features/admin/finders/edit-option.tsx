import './finders.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { useAction } from '../kit/action.ts';
import { Crumbs, NumberField, TextField } from '../kit/fields.tsx';
import { AdminPage, ErrorText, Loading } from '../ui.tsx';
import { findersApi, findersKey, type Option, type Step } from './api.ts';
import { optionsPath, stepsPath, useRefresh } from './parts.tsx';

/** /edit-option?id&fid (an option) or ?sid&fid (a new option of step sid) — 001 §2. */
export function EditOption() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const sid = params.get('sid') ?? '';
  const fid = params.get('fid') ?? '';
  const isNew = id === '';
  const option = useQuery({
    queryKey: findersKey('option', id, fid),
    queryFn: () => findersApi.option(id, fid),
    enabled: !isNew && fid !== '',
  });
  const step = useQuery({
    queryKey: findersKey('step', sid, fid),
    queryFn: () => findersApi.step(sid, fid),
    enabled: isNew && sid !== '' && fid !== '',
  });
  const ofStep: Step | undefined = isNew ? step.data?.step : option.data?.step;
  const loaded = option.data?.option;
  const pending = isNew ? step.isPending : option.isPending;
  return (
    <AdminPage title={isNew ? 'new option' : loaded ? `option "${loaded.content}"` : 'option'}>
      <div className="adm-finders">
        {ofStep && (
          <Crumbs
            items={[
              ['size finder', stepsPath(fid)],
              [ofStep.shortName, optionsPath(ofStep.id, fid)],
              [isNew ? 'new option' : (loaded?.content ?? 'option'), undefined],
            ]}
          />
        )}
        {!fid && <ErrorText>no size finder chosen</ErrorText>}
        {fid && pending && <Loading />}
        <ErrorText>{(isNew ? step.error : option.error)?.message}</ErrorText>
        {ofStep && (isNew || loaded) && (
          <OptionForm key={loaded?.id ?? 'new'} fid={fid} step={ofStep} option={loaded} />
        )}
      </div>
    </AdminPage>
  );
}

function OptionForm({ fid, step, option }: { fid: string; step: Step; option?: Option }) {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [index, setIndex] = useState(String(option?.index ?? step.optionCount));
  const [content, setContent] = useState(option?.content ?? '');
  const { busy, error, setError, run } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!index.trim() || !content.trim()) {
      setError(ADMIN_MESSAGES.fillAllBlanks);
      return;
    }
    await run(async () => {
      const fields = { index: Number(index), content };
      if (option) await findersApi.updateOption(option.id, fid, fields);
      else await findersApi.createOption(fid, step.id, fields);
      await refresh();
      navigate(optionsPath(step.id, fid));
    });
  };

  return (
    <form className="adm-form" onSubmit={submit} noValidate>
      <p className="adm-finders-note">
        An option of step {step.index}, "{step.description}"
      </p>
      <NumberField
        label="index (order of the option)"
        max={9999}
        step={1}
        value={index}
        onChange={setIndex}
        required
      />
      <TextField label="option text" value={content} maxLength={200} onChange={setContent} required />
      <div className="adm-row">
        <button type="submit" disabled={busy}>
          {busy ? 'saving...' : option ? 'save option' : 'add option'}
        </button>
        <Link to={optionsPath(step.id, fid)}>back to the options</Link>
      </div>
      <ErrorText>{error}</ErrorText>
    </form>
  );
}
