import './finders.css';
import { mediaSrc } from '#shared/media.ts';
import { PicturePreview } from '../kit/pictures.tsx';
import { ConfirmButton } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';
import { findersApi, type Step } from './api.ts';
import { useRefresh } from './parts.tsx';

/**
 * A step's picture and video (shown with the "input a value" and "inches or cm" questions):
 * the current ones with a remove button, and an uploader with its progress bar for a new one.
 */
export function StepMedia({ step, fid }: { step: Step; fid: string }) {
  const refresh = useRefresh();
  return (
    <>
      <p className="adm-finders-note adm-finders-media-note">
        Shoppers see the picture with "input a value" and "inches or cm" questions, and the video with "input
        a value".
      </p>
      <div className="adm-media-sections">
        <section aria-labelledby="step-picture">
          <h2 id="step-picture">picture</h2>
          {step.imageUrl ? (
            <>
              <PicturePreview url={step.imageUrl} alt={`how to measure: ${step.shortName}`} />
              <div>
                <ConfirmButton
                  label="remove picture"
                  question="Remove this picture from the step? The file is deleted."
                  onConfirm={() => findersApi.removeStepMedia(step.id, fid, 'removeImage').then(refresh)}
                />
              </div>
            </>
          ) : (
            <p className="adm-muted">no picture</p>
          )}
          <Uploader
            kind="image"
            max={1}
            label={step.imageUrl ? 'replace the picture' : 'add a picture'}
            onUploaded={async ([url]) => {
              if (url) await findersApi.uploadStepImage(step.id, fid, url);
              await refresh();
            }}
          />
        </section>
        <section aria-labelledby="step-video">
          <h2 id="step-video">video</h2>
          {step.videoUrl ? (
            <>
              <video
                className="adm-picture-preview"
                src={mediaSrc(step.videoUrl)}
                controls
                muted
                preload="metadata"
              />
              <div>
                <ConfirmButton
                  label="remove video"
                  question="Remove this video from the step? The file is deleted."
                  onConfirm={() => findersApi.removeStepMedia(step.id, fid, 'removeVideo').then(refresh)}
                />
              </div>
            </>
          ) : (
            <p className="adm-muted">no video</p>
          )}
          <Uploader
            kind="video"
            max={1}
            label={step.videoUrl ? 'replace the video' : 'add a video'}
            onUploaded={async ([url]) => {
              if (url) await findersApi.uploadStepVideo(step.id, fid, url);
              await refresh();
            }}
          />
        </section>
      </div>
    </>
  );
}
