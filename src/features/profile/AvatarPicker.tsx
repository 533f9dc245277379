import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { FieldError } from '../../ui/FieldError';
import { CameraIcon } from '../../ui/icons';
import { avatarProblem } from './avatarFile';

export interface AvatarPickerProps {
  name: string;
  current: string | null;
  file: File | null;
  error?: string | undefined;
  onChange: (file: File | null, problem: string | null) => void;
}

/** Shows the chosen picture at once through an object URL (revoked when replaced). */
export function AvatarPicker({ name, current, file, error, onChange }: AvatarPickerProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );
  const showPreview = (chosen: File | null): void => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = chosen ? URL.createObjectURL(chosen) : null;
    setPreview(previewRef.current);
  };

  return (
    <div className="avatar-picker">
      <Avatar name={name} src={(file && preview) ?? current} size={88} />
      <div className="avatar-picker-body">
        <label htmlFor={id} className="button button-secondary">
          <CameraIcon />
          <Trans>Change photo</Trans>
        </label>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          name="avatar"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const problem = chosen ? avatarProblem(chosen) : null;
            showPreview(problem ? null : chosen);
            onChange(chosen, problem);
          }}
        />
        <p id={`${id}-hint`} className="field-hint">
          <Trans>JPEG, PNG, WebP or GIF, up to 2 MB.</Trans>
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </div>
  );
}
