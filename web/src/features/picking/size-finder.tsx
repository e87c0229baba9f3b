import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { A11y, Keyboard, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import { STEP_TYPE } from '#shared/constants.ts';
import { MESSAGES } from '#shared/messages.ts';
import type { Gender } from '#shared/vocabulary.ts';
import { Loading } from '../../components/page.tsx';
import { TapButton } from '../../components/tap-button.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { ApiError, apiGet, apiPost } from '../../lib/api.ts';
import { FINDER_RESULT_DAYS, SUPPORT_EMAIL } from './support.ts';
import { UnitToggle } from './unit-toggle.tsx';
import 'swiper/css';
import 'swiper/css/navigation';
import { Picture } from '../../components/picture.tsx';
import type { PublicAnswer, PublicBody } from '../../lib/api-types.ts';

type StepsAnswer = PublicAnswer<'/all-steps-by-tid'>;
type Step = StepsAnswer['list'][number];
type AnswersBody = PublicBody<'/answers'>;
type Result = AnswersBody['result'];

/** The shopper's draft answer on the step on screen. */
interface Draft {
  choice: string[];
  value: string;
  unit: 'inches' | 'cm';
  system: 'imperial' | 'metric';
  feet: string;
  inches: string;
  cm: string;
  email: string;
}

const EMPTY: Draft = {
  choice: [],
  value: '',
  unit: 'inches',
  system: 'imperial',
  feet: '',
  inches: '',
  cm: '',
  email: '',
};

/** The value a draft stands for, or '' when nothing is given (000 §5: free text, no numeric check). */
function answerOf(step: Step, d: Draft): string {
  switch (step.type) {
    case STEP_TYPE.singleChoice:
    case STEP_TYPE.imageOptions:
    case STEP_TYPE.multipleImageOptions:
      return d.choice.join(', ');
    case STEP_TYPE.measurement:
      return d.value.trim() ? `${d.value.trim()} ${d.unit}` : '';
    case STEP_TYPE.feetInchesOrCm:
      if (d.system === 'metric') return d.cm.trim() ? `${d.cm.trim()} cm` : '';
      return d.feet.trim() || d.inches.trim()
        ? `${d.feet.trim() || '0'} ft ${d.inches.trim() || '0'} in`
        : '';
    case STEP_TYPE.email:
      return d.email.trim();
    default:
      return d.value.trim();
  }
}

/**
 * The size finder overlay (000 §2, §4, §5): step 0 intro, steps 1..N, then a thank-you. Back,
 * continue and skip move between steps; a skipped answer is 'skip'. The email step posts the
 * answers and moves on only on status 200.
 */
export function SizeFinder({ type, gender, onDone }: { type: string; gender: Gender; onDone: () => void }) {
  const steps = useQuery({
    queryKey: ['all-steps-by-tid', type, gender],
    queryFn: () => apiGet('/all-steps-by-tid', { tid: type, gender }),
  });
  if (steps.isPending) return <Loading />;
  const list = steps.data?.list ?? [];
  if (list.length === 0) {
    return (
      <p className="picking-muted">
        There is no size finder for this piece yet: the size guide and "How to measure" will help.
      </p>
    );
  }
  return <Finder type={type} gender={gender} steps={list} onDone={onDone} />;
}

function Finder({
  type,
  gender,
  steps,
  onDone,
}: {
  type: string;
  gender: Gender;
  steps: Step[];
  onDone: () => void;
}) {
  const [at, setAt] = useState(0);
  const [result, setResult] = useState<Result>({});
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [message, setMessage] = useState<string | undefined>();
  /** The server's word on the email typed (a 400), shown under the field. */
  const [emailError, setEmailError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const total = steps.length;
  const step = at >= 1 && at <= total ? steps[at - 1] : undefined;
  const draft = (step && drafts[step.sIndex]) ?? EMPTY;
  const hasEmailStep = steps.some((s) => s.type === STEP_TYPE.email);

  function edit(change: Partial<Draft>) {
    if (!step) return;
    setMessage(undefined);
    setEmailError(undefined);
    setDrafts({ ...drafts, [step.sIndex]: { ...draft, ...change } });
  }

  function go(to: number) {
    setMessage(undefined);
    setEmailError(undefined);
    setAt(to);
  }

  async function send(email: string, answers: Result): Promise<boolean> {
    setSending(true);
    try {
      const answer = await apiPost('/answers', {
        typeId: type,
        gender,
        email,
        result: answers,
      } satisfies AnswersBody);
      if (answer.status === 200) return true;
    } catch (error) {
      // A refused answer is the shopper's to correct, not an outage: a mistyped address is said
      // under its field, anything else the server refused under the question.
      if (error instanceof ApiError && error.status === 400) {
        if (error.message === MESSAGES.invalidEmail && email !== 'skip') setEmailError(error.message);
        else setMessage(error.message);
        return false;
      }
    } finally {
      setSending(false);
    }
    setMessage(MESSAGES.answersTryLater);
    return false;
  }

  async function record(val: string) {
    if (!step) return;
    const answers = { ...result, [String(step.sIndex)]: { shortName: step.shortName, val } };
    setResult(answers);
    const last = at === total;
    if (step.type === STEP_TYPE.email) {
      if (!(await send(val, answers))) return;
    } else if (last && !hasEmailStep) {
      if (!(await send('skip', answers))) return;
    }
    go(at + 1);
  }

  function proceed() {
    if (!step) return;
    const val = answerOf(step, draft);
    if (step.type === STEP_TYPE.email && !val) {
      setMessage(MESSAGES.insertEmail);
      window.alert(MESSAGES.insertEmail);
      return;
    }
    void record(val);
  }

  if (at === 0) {
    return (
      <section className="picking-finder" aria-labelledby="finder-intro">
        <h3 id="finder-intro" className="picking-finder-q">
          Let us find your size
        </h3>
        {hasEmailStep ? (
          <p>
            Answer {total} short questions — each one may be skipped — and leave your email. Our atelier reads
            every answer and sends you your size within {FINDER_RESULT_DAYS} business days.
          </p>
        ) : (
          <p>
            Answer {total} short questions — each one may be skipped. This finder does not ask for your email,
            so no size is sent back to you: your answers guide our atelier, and the size guide shows the size
            your measurements fit.
          </p>
        )}
        <div className="picking-finder-actions">
          <TapButton className="button" onActivate={() => go(1)}>
            begin
          </TapButton>
        </div>
      </section>
    );
  }

  if (!step) {
    return (
      <section className="picking-finder picking-finder-done" aria-labelledby="finder-thanks">
        <h3 id="finder-thanks" className="picking-finder-q">
          Thank you
        </h3>
        {hasEmailStep ? (
          <p>
            Your answers are with our atelier. You will receive your size results within {FINDER_RESULT_DAYS}{' '}
            business days.
          </p>
        ) : (
          <p>
            Your answers are with our atelier. As this finder asks for no email, no size results will be sent
            to you: compare your measurements with the size guide, or write to{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and our atelier will answer you
            personally.
          </p>
        )}
        <div className="picking-finder-actions">
          <TapButton className="button" onActivate={onDone}>
            close
          </TapButton>
        </div>
      </section>
    );
  }

  const isEmail = step.type === STEP_TYPE.email;
  const canContinue = isEmail || answerOf(step, draft) !== '';
  return (
    <section className="picking-finder" aria-labelledby="finder-q">
      <p className="picking-finder-count">
        question {at} of {total}
      </p>
      <div className="picking-finder-bar" aria-hidden="true">
        <span style={{ width: `${(at / total) * 100}%` }} />
      </div>
      <h3 id="finder-q" className="picking-finder-q">
        {step.description}
      </h3>
      <StepInput step={step} draft={draft} edit={edit} emailError={emailError} />
      {message && (
        <p role="alert" className="error-text picking-finder-message">
          {message}
        </p>
      )}
      <div className="picking-finder-actions">
        <TapButton className="button button-quiet" onActivate={() => go(at - 1)} disabled={sending}>
          back
        </TapButton>
        {!isEmail && (
          <TapButton className="picking-textlink" onActivate={() => void record('skip')} disabled={sending}>
            skip
          </TapButton>
        )}
        <TapButton className="button" onActivate={proceed} disabled={!canContinue || sending}>
          {sending ? 'sending…' : 'continue'}
        </TapButton>
      </div>
    </section>
  );
}

function StepInput({
  step,
  draft,
  edit,
  emailError,
}: {
  step: Step;
  draft: Draft;
  edit: (change: Partial<Draft>) => void;
  emailError?: string;
}) {
  const id = `step-${step.stepId}`;
  switch (step.type) {
    case STEP_TYPE.singleChoice:
      return (
        <fieldset className="picking-options">
          <legend className="visually-hidden">{step.shortName}</legend>
          {step.options.map((o) => (
            <TapButton
              key={o.index}
              className="picking-option"
              aria-pressed={draft.choice.includes(o.text)}
              onActivate={() => edit({ choice: [o.text] })}
            >
              {o.text}
            </TapButton>
          ))}
        </fieldset>
      );
    case STEP_TYPE.imageOptions:
    case STEP_TYPE.multipleImageOptions: {
      const many = step.type === STEP_TYPE.multipleImageOptions;
      const toggle = (text: string) =>
        edit({
          choice: many
            ? draft.choice.includes(text)
              ? draft.choice.filter((c) => c !== text)
              : [...draft.choice, text]
            : [text],
        });
      return (
        <fieldset className="picking-carousel">
          <legend className="visually-hidden">
            {step.shortName}
            {many ? ', choose any' : ''}
          </legend>
          <Swiper
            modules={[Navigation, Keyboard, A11y]}
            navigation
            keyboard
            slidesPerView="auto"
            spaceBetween={12}
            watchOverflow
          >
            {step.options.map((o) => (
              <SwiperSlide key={o.index} className="picking-slide">
                <TapButton
                  className="picking-card"
                  aria-pressed={draft.choice.includes(o.text)}
                  onActivate={() => toggle(o.text)}
                >
                  {o.imageUrl && (
                    <Picture
                      url={o.imageUrl}
                      sizes="(max-width: 600px) 45vw, 220px"
                      alt=""
                      width={300}
                      height={300}
                    />
                  )}
                  <span>{o.text}</span>
                </TapButton>
              </SwiperSlide>
            ))}
          </Swiper>
        </fieldset>
      );
    }
    case STEP_TYPE.measurement:
      return (
        <div className="picking-measure">
          <div className="picking-measure-media">
            {step.imgUrl && <MeasurePicture url={step.imgUrl} name={step.shortName} />}
            {step.videoUrl && <VideoPlayer url={step.videoUrl} title={`how to measure: ${step.shortName}`} />}
          </div>
          <div className="picking-field-row">
            <div className="picking-field">
              <label htmlFor={id}>your {step.shortName}</label>
              <input
                id={id}
                inputMode="decimal"
                autoComplete="off"
                value={draft.value}
                onChange={(e) => edit({ value: e.target.value })}
              />
            </div>
            <UnitToggle
              label="unit"
              options={[
                ['inches', 'inches'],
                ['cm', 'cm'],
              ]}
              value={draft.unit}
              onChange={(u) => edit({ unit: u as Draft['unit'] })}
            />
          </div>
        </div>
      );
    case STEP_TYPE.feetInchesOrCm:
      return (
        <div className="picking-measure">
          {step.imgUrl && (
            <div className="picking-measure-media">
              <MeasurePicture url={step.imgUrl} name={step.shortName} />
            </div>
          )}
          <UnitToggle
            label="measurement system"
            options={[
              ['imperial', 'Imperial'],
              ['metric', 'Metric'],
            ]}
            value={draft.system}
            onChange={(s) =>
              // 000 §4: switching resets the entered values.
              edit({ system: s as Draft['system'], feet: '', inches: '', cm: '' })
            }
          />
          {draft.system === 'imperial' ? (
            <div className="picking-field-row">
              <div className="picking-field">
                <label htmlFor={`${id}-ft`}>feet</label>
                <input
                  id={`${id}-ft`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={draft.feet}
                  onChange={(e) => edit({ feet: e.target.value })}
                />
              </div>
              <div className="picking-field">
                <label htmlFor={`${id}-in`}>inches</label>
                <input
                  id={`${id}-in`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={draft.inches}
                  onChange={(e) => edit({ inches: e.target.value })}
                />
              </div>
            </div>
          ) : (
            <div className="picking-field-row">
              <div className="picking-field">
                <label htmlFor={`${id}-cm`}>centimetres</label>
                <input
                  id={`${id}-cm`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={draft.cm}
                  onChange={(e) => edit({ cm: e.target.value })}
                />
              </div>
            </div>
          )}
        </div>
      );
    case STEP_TYPE.email:
      return (
        <div className="picking-field">
          <label htmlFor={id}>your email address</label>
          <input
            id={id}
            type="email"
            autoComplete="email"
            value={draft.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-error` : undefined}
            onChange={(e) => edit({ email: e.target.value })}
          />
          {emailError && (
            <p id={`${id}-error`} role="alert" className="error-text">
              {emailError}
            </p>
          )}
        </div>
      );
    default:
      return (
        <div className="picking-field">
          <label htmlFor={id}>your answer</label>
          <input id={id} value={draft.value} onChange={(e) => edit({ value: e.target.value })} />
        </div>
      );
  }
}

/** How to take a measurement: drawn across a phone, at most 480 px wide. */
function MeasurePicture({ url, name }: { url: string; name: string }) {
  return (
    <Picture
      url={url}
      sizes="(max-width: 600px) 100vw, 480px"
      alt={`how to measure: ${name}`}
      width={480}
      height={640}
    />
  );
}
