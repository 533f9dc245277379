import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { profileUpdateFields, type ProfileUpdateFields, type User } from '../../../contract/auth';
import { formatRut, isValidRut } from '../../../contract/rut';
import { useSubmission } from '../../forms/useSubmission';
import { validateWith } from '../../forms/fieldErrors';
import { type SubmitFailure } from '../../forms/describeFailure';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { AvatarPicker } from './AvatarPicker';

export type ProfileSubmit = (fields: ProfileUpdateFields, avatar: File | null) => Promise<SubmitFailure | null>;

type Values = Record<keyof ProfileUpdateFields, string>;

function valuesOf(user: User): Values {
  return {
    name: user.name,
    first_lastname: user.first_lastname,
    second_lastname: user.second_lastname,
    email: user.email,
    rut: user.rut ?? '',
    phone: user.phone,
    birthdate: user.birthdate ?? '',
  };
}

export function ProfileForm({ user, onSubmit }: { user: User; onSubmit: ProfileSubmit }) {
  const { t } = useLingui();
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [avatar, setAvatar] = useState<File | null>(null);
  const { errors, setErrors, formError, busy, reject, send } = useSubmission();
  const change = (key: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));
  const today = new Date().toISOString().slice(0, 10);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateWith(profileUpdateFields, values);
    if (!checked.ok || errors.avatar) {
      reject({ ...(checked.ok ? {} : checked.errors), avatar: errors.avatar });
      return;
    }
    if (await send(() => onSubmit(checked.data, avatar))) setAvatar(null);
  }

  return (
    <form className="card form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="profile-data-title">
      <h2 id="profile-data-title" className="card-title">
        <Trans>Personal data</Trans>
      </h2>
      <FormAlert message={formError} />
      <AvatarPicker
        name={values.name || user.name}
        current={user.avatar}
        file={avatar}
        error={errors.avatar}
        onChange={(file, problem) => {
          setAvatar(problem ? null : file);
          setErrors((e) => ({ ...e, avatar: problem ?? undefined }));
        }}
      />
      <div className="form-grid">
        <TextField
          label={t`Name`}
          name="name"
          autoComplete="given-name"
          valueDir="auto"
          value={values.name}
          onChange={change('name')}
          error={errors.name}
          required
        />
        <TextField
          label={t`First last name`}
          name="first_lastname"
          autoComplete="family-name"
          valueDir="auto"
          value={values.first_lastname}
          onChange={change('first_lastname')}
          error={errors.first_lastname}
        />
        <TextField
          label={t`Second last name`}
          name="second_lastname"
          valueDir="auto"
          value={values.second_lastname}
          onChange={change('second_lastname')}
          error={errors.second_lastname}
        />
        <TextField
          label={t`Email`}
          name="email"
          type="email"
          autoComplete="email"
          valueDir="ltr"
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          required
        />
        <TextField
          label={t`RUT`}
          name="rut"
          valueDir="ltr"
          placeholder="12.345.678-5"
          value={values.rut}
          onChange={change('rut')}
          onBlur={() => setValues((v) => ({ ...v, rut: isValidRut(v.rut) ? formatRut(v.rut) : v.rut }))}
          error={errors.rut}
        />
        <TextField
          label={t`Phone`}
          name="phone"
          type="tel"
          autoComplete="tel"
          valueDir="ltr"
          value={values.phone}
          onChange={change('phone')}
          error={errors.phone}
        />
        <TextField
          label={t`Date of birth`}
          name="birthdate"
          type="date"
          max={today}
          autoComplete="bday"
          value={values.birthdate}
          onChange={change('birthdate')}
          error={errors.birthdate}
        />
      </div>
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          <Trans>Save changes</Trans>
        </Button>
      </div>
    </form>
  );
}
