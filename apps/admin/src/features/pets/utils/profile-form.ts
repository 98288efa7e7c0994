/**
 * A pet's profile as its form holds it (strings a control can show) and back: the merge patch of
 * only what the form changed.
 */
import type { PetProfile, PetProfilePatchInput } from '@pets/client';
import {
  COLORS_MAX,
  GOOD_WITH,
  PET_ATTRIBUTES,
  PET_SEXES,
  PET_SIZES,
  GOOD_WITH_ANSWERS,
} from '@pets/contract';
import { isKnown } from '../../../lib/known.js';

export type PetSex = (typeof PET_SEXES)[number];
export type PetSize = (typeof PET_SIZES)[number];
export type GoodWithAnswer = (typeof GOOD_WITH_ANSWERS)[number];
export type PetAttribute = (typeof PET_ATTRIBUTES)[number];
export type GoodWithWhom = (typeof GOOD_WITH)[number];
/** A fact of care as a control shows it: yes, no, or not known (empty). */
export type Fact = '' | 'yes' | 'no';

/**
 * The choices hold what the API answered, a value this app does not know (added since) included:
 * the form shows it as it is and sends it back only changed to one it knows.
 */
export interface ProfileForm {
  description: string;
  sex: PetSex | (string & {});
  birthDate: string;
  birthDateApproximate: boolean;
  breed: string;
  size: PetSize | '' | (string & {});
  /** Always three: the main colour first, empty where there is none. */
  colors: string[];
  attributes: Record<PetAttribute, Fact>;
  goodWith: Record<GoodWithWhom, GoodWithAnswer | (string & {})>;
  intakeDate: string;
}

const factOf = (value: boolean | null): Fact => (value === null ? '' : value ? 'yes' : 'no');
const booleanOf = (fact: Fact): boolean | null => (fact === '' ? null : fact === 'yes');

/** The form showing `profile`. */
export function profileForm(profile: PetProfile): ProfileForm {
  return {
    description: profile.description ?? '',
    sex: profile.sex,
    birthDate: profile.birthDate ?? '',
    birthDateApproximate: profile.birthDateApproximate,
    breed: profile.breed ?? '',
    size: profile.size ?? '',
    colors: Array.from({ length: COLORS_MAX }, (_, index) => profile.colors[index] ?? ''),
    attributes: Object.fromEntries(
      PET_ATTRIBUTES.map((name) => [name, factOf(profile.attributes[name])]),
    ) as Record<PetAttribute, Fact>,
    goodWith: { ...profile.goodWith },
    intakeDate: profile.intakeDate ?? '',
  };
}

/** Text as the profile keeps it: `null` for none. */
const textOf = (value: string): string | null => (value.trim() === '' ? null : value);

/**
 * The merge patch that makes `profile` what `form` shows: only the fields that changed (within
 * `attributes` and `goodWith`, only the facts that did); empty when nothing did.
 */
export function profilePatch(profile: PetProfile, form: ProfileForm): PetProfilePatchInput {
  const patch: PetProfilePatchInput = {};
  const description = textOf(form.description);
  if ((description?.trim() ?? null) !== profile.description) patch.description = description;
  if (form.sex !== profile.sex && isKnown(PET_SEXES, form.sex)) patch.sex = form.sex;
  const birthDate = textOf(form.birthDate);
  if (birthDate !== profile.birthDate) patch.birthDate = birthDate;
  if (form.birthDateApproximate !== profile.birthDateApproximate)
    patch.birthDateApproximate = form.birthDateApproximate;
  const breed = textOf(form.breed);
  if ((breed?.trim() ?? null) !== profile.breed) patch.breed = breed;
  const size = form.size === '' ? null : form.size;
  if (size !== profile.size && (size === null || isKnown(PET_SIZES, size))) patch.size = size;
  const colors = form.colors.filter((color) => color.trim() !== '');
  if (
    colors.length !== profile.colors.length ||
    colors.some((color, index) => color.trim() !== profile.colors[index])
  )
    patch.colors = colors;
  const attributes = Object.fromEntries(
    PET_ATTRIBUTES.filter(
      (name) => booleanOf(form.attributes[name]) !== profile.attributes[name],
    ).map((name) => [name, booleanOf(form.attributes[name])]),
  );
  if (Object.keys(attributes).length > 0) patch.attributes = attributes;
  const goodWith = Object.fromEntries(
    GOOD_WITH.flatMap((whom) => {
      const answer = form.goodWith[whom];
      return answer !== profile.goodWith[whom] && isKnown(GOOD_WITH_ANSWERS, answer)
        ? [[whom, answer] as const]
        : [];
    }),
  );
  if (Object.keys(goodWith).length > 0) patch.goodWith = goodWith;
  const intakeDate = textOf(form.intakeDate);
  if (intakeDate !== profile.intakeDate) patch.intakeDate = intakeDate;
  return patch;
}
