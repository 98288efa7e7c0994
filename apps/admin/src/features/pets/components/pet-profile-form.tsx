/**
 * The profile form on a pet's page: what is known of the pet beyond its name (description, sex,
 * birth, breed, size, colours, facts of care, whom it gets on with, when it came). Read-only for
 * a partner on another account's pet.
 */
import type { Pet, PetProfile } from '@pets/client';
import {
  COLORS_MAX,
  DESCRIPTION_MAX_LENGTH,
  GOOD_WITH,
  GOOD_WITH_ANSWERS,
  PET_ATTRIBUTES,
  PET_SEXES,
  PET_SIZES,
  PetProfilePatch,
  toErrorDetails,
} from '@pets/contract';
import { type RefObject, type SubmitEvent, useMemo, useRef, useState } from 'react';
import { Field, fieldSentence } from '../../../components/ui/field.js';
import { describeError, detailsOf, isRateLimited } from '../../../lib/errors.js';
import { useFormIssues } from '../../../lib/form-issues.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { useUpdatePetProfile } from '../api/pet-profile.js';
import {
  type Fact,
  type GoodWithAnswer,
  type PetSex,
  type PetSize,
  type GoodWithWhom,
  type PetAttribute,
  type ProfileForm,
  profileForm,
  profilePatch,
} from '../utils/profile-form.js';

const SEX_WORDS: Record<PetSex, string> = { unknown: 'Not known', female: 'Female', male: 'Male' };
const SIZE_WORDS: Record<PetSize, string> = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
  xlarge: 'Extra large',
};
const ATTRIBUTE_WORDS: Record<PetAttribute, string> = {
  houseTrained: 'House trained',
  neutered: 'Neutered',
  vaccinated: 'Vaccinated',
  specialNeeds: 'Special needs',
};
const GOOD_WITH_WORDS: Record<GoodWithWhom, string> = {
  children: 'Children',
  dogs: 'Dogs',
  cats: 'Cats',
};
const ANSWER_WORDS: Record<GoodWithAnswer, string> = { unknown: 'Not known', yes: 'Yes', no: 'No' };
const COLOR_LABELS = ['Main colour', 'Second colour', 'Third colour'] as const;

/** Every field an issue may be said on, as the API names it. */
const FIELDS = [
  'description',
  'sex',
  'birthDate',
  'birthDateApproximate',
  'breed',
  'size',
  'colors',
  ...PET_ATTRIBUTES.map((name) => `attributes.${name}` as const),
  ...GOOD_WITH.map((whom) => `goodWith.${whom}` as const),
  'intakeDate',
] as const;
type ProfileField = (typeof FIELDS)[number];

/** Where a detail shows: a colour's on the colours, a whole group's on its first control. */
const fieldOf = (field: string): string =>
  field.startsWith('colors')
    ? 'colors'
    : field === 'attributes'
      ? `attributes.${PET_ATTRIBUTES[0]}`
      : field === 'goodWith'
        ? `goodWith.${GOOD_WITH[0]}`
        : field;

/** The controls by field, to focus the first with an issue. */
function useControls() {
  const elements = useRef<Partial<Record<ProfileField, HTMLElement | null>>>({});
  const controls = useMemo(
    () =>
      Object.fromEntries(
        FIELDS.map((field) => [
          field,
          {
            get current() {
              return elements.current[field] ?? null;
            },
          },
        ]),
      ) as Record<ProfileField, RefObject<HTMLElement | null>>,
    [],
  );
  const refOf = (field: ProfileField) => (element: HTMLElement | null) => {
    elements.current[field] = element;
  };
  return { controls, refOf };
}

export function PetProfileForm({
  pet,
  profile,
  canEdit,
  onSaved,
}: {
  pet: Pet;
  profile: PetProfile;
  canEdit: boolean;
  onSaved: (message: string) => void;
}) {
  const update = useUpdatePetProfile(pet.id);
  const { blocked } = useRateLimit();
  const [form, setForm] = useState<ProfileForm>(() => profileForm(profile));
  const { controls, refOf } = useControls();
  const { issues, failure, show, say } = useFormIssues(FIELDS, controls, fieldOf);
  const set = (change: Partial<ProfileForm>) => {
    setForm((before) => ({ ...before, ...change }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const patch = profilePatch(profile, form);
    if (Object.keys(patch).length === 0) {
      say(`Nothing to save: the profile is as ${pet.name}’s already is.`);
      return;
    }
    const parsed = PetProfilePatch.safeParse(patch);
    if (!parsed.success) {
      show(toErrorDetails(parsed.error));
      return;
    }
    say(null);
    update.mutate(patch, {
      onSuccess: ({ data: saved }) => {
        setForm(profileForm(saved));
        onSaved(`Saved the profile of ${pet.name}.`);
      },
      onError: (error) => {
        const details = detailsOf(error);
        if (details.length > 0) show(details);
        else say(isRateLimited(error) ? null : `Not saved. ${describeError(error)}`);
      },
    });
  };

  /** A choice of `options`; a value the app does not know (added since) shown as it is. */
  const select = <T extends string>(
    field: ProfileField,
    label: string,
    value: T | (string & {}),
    options: readonly (readonly [T, string])[],
    onChange: (value: T) => void,
  ) => (
    <Field label={label} error={issues[field]}>
      {(control) => (
        <select
          {...control}
          ref={refOf(field)}
          value={value}
          onChange={(event) => {
            const chosen = options.find(([option]) => option === event.target.value);
            if (chosen) onChange(chosen[0]);
          }}
        >
          {options.some(([option]) => option === value) ? null : (
            <option value={value}>{value}</option>
          )}
          {options.map(([option, words]) => (
            <option key={option} value={option}>
              {words}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const date = (field: 'birthDate' | 'intakeDate', label: string) => (
    <Field label={label} error={issues[field]}>
      {(control) => (
        <input
          {...control}
          ref={refOf(field)}
          type="date"
          value={form[field]}
          onChange={(event) => {
            set({ [field]: event.target.value });
          }}
        />
      )}
    </Field>
  );

  return (
    <form
      className="profile-form"
      noValidate
      onSubmit={submit}
      aria-label={`Profile of ${pet.name}`}
    >
      {canEdit ? null : (
        <p className="hint">
          Only staff and the account that added {pet.name} can change its profile.
        </p>
      )}
      <fieldset className="plain" disabled={!canEdit}>
        <Field
          label="Description"
          error={issues.description}
          hint={`Plain text, up to ${DESCRIPTION_MAX_LENGTH.toLocaleString('en-GB')} characters.`}
        >
          {(control) => (
            <textarea
              {...control}
              ref={refOf('description')}
              rows={5}
              value={form.description}
              onChange={(event) => {
                set({ description: event.target.value });
              }}
            />
          )}
        </Field>
        <div className="profile-grid">
          {select(
            'sex',
            'Sex',
            form.sex,
            PET_SEXES.map((sex) => [sex, SEX_WORDS[sex]] as const),
            (sex) => {
              set({ sex });
            },
          )}
          <div className="field-group">
            {date('birthDate', 'Birth date')}
            <div className="check">
              <input
                id={`pet-${String(pet.id)}-approximate`}
                type="checkbox"
                ref={refOf('birthDateApproximate')}
                checked={form.birthDateApproximate}
                onChange={(event) => {
                  set({ birthDateApproximate: event.target.checked });
                }}
              />
              <label htmlFor={`pet-${String(pet.id)}-approximate`}>Approximate</label>
            </div>
            {issues.birthDateApproximate ? (
              <p className="field-error">
                {fieldSentence('Approximate', issues.birthDateApproximate)}
              </p>
            ) : null}
          </div>
          <Field label="Breed" error={issues.breed}>
            {(control) => (
              <input
                {...control}
                ref={refOf('breed')}
                type="text"
                autoComplete="off"
                value={form.breed}
                onChange={(event) => {
                  set({ breed: event.target.value });
                }}
              />
            )}
          </Field>
          {select(
            'size',
            'Size',
            form.size,
            [
              ['', 'Not known'] as const,
              ...PET_SIZES.map((size) => [size, SIZE_WORDS[size]] as const),
            ],
            (size) => {
              set({ size });
            },
          )}
          {date('intakeDate', 'Intake date')}
        </div>

        <fieldset aria-describedby={issues.colors ? 'profile-colors-error' : undefined}>
          <legend>Colours (up to {COLORS_MAX}, the main one first)</legend>
          <div className="profile-grid">
            {COLOR_LABELS.map((label, index) => (
              <Field key={label} label={label}>
                {(control) => (
                  <input
                    {...control}
                    aria-invalid={issues.colors ? true : undefined}
                    ref={index === 0 ? refOf('colors') : undefined}
                    type="text"
                    autoComplete="off"
                    value={form.colors[index] ?? ''}
                    onChange={(event) => {
                      const colors = [...form.colors];
                      colors[index] = event.target.value;
                      set({ colors });
                    }}
                  />
                )}
              </Field>
            ))}
          </div>
          {issues.colors ? (
            <p id="profile-colors-error" className="field-error">
              {fieldSentence('Colours', issues.colors)}
            </p>
          ) : null}
        </fieldset>

        <fieldset>
          <legend>Care</legend>
          <div className="profile-grid">
            {PET_ATTRIBUTES.map((name) => (
              <div key={name}>
                {select(
                  `attributes.${name}`,
                  ATTRIBUTE_WORDS[name],
                  form.attributes[name],
                  [
                    ['', 'Not known'],
                    ['yes', 'Yes'],
                    ['no', 'No'],
                  ] as const,
                  (fact: Fact) => {
                    set({ attributes: { ...form.attributes, [name]: fact } });
                  },
                )}
              </div>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend>Good with</legend>
          <div className="profile-grid">
            {GOOD_WITH.map((whom) => (
              <div key={whom}>
                {select(
                  `goodWith.${whom}`,
                  GOOD_WITH_WORDS[whom],
                  form.goodWith[whom],
                  GOOD_WITH_ANSWERS.map((answer) => [answer, ANSWER_WORDS[answer]] as const),
                  (answer) => {
                    set({ goodWith: { ...form.goodWith, [whom]: answer } });
                  },
                )}
              </div>
            ))}
          </div>
        </fieldset>
      </fieldset>
      {canEdit ? (
        <button type="submit" disabled={update.isPending || blocked}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </button>
      ) : null}
      <div aria-live="polite">{failure ? <p className="error">{failure}</p> : null}</div>
    </form>
  );
}
