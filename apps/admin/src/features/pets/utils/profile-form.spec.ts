/**
 * Proves the profile form's merge patch: only the fields that changed, empty text as `null`,
 * colours as a list without blanks, and within attributes and goodWith only the facts that changed.
 */
import type { PetProfile } from '@pets/client';
import { EMPTY_PROFILE } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { profileForm, profilePatch } from './profile-form.js';

const described: PetProfile = {
  ...EMPTY_PROFILE,
  description: 'Calm.',
  breed: 'Labrador mix',
  colors: ['black', 'white'],
  attributes: { houseTrained: true, neutered: null, vaccinated: false, specialNeeds: null },
  goodWith: { children: 'yes', dogs: 'unknown', cats: 'no' },
  birthDate: '2022-03-01',
};

describe('profilePatch', () => {
  it('keeps a value the app does not know, and sends it back only changed to one it knows', () => {
    const newer = {
      ...described,
      sex: 'intersex',
      size: 'giant',
      goodWith: { ...described.goodWith, cats: 'sometimes' },
    };
    const form = profileForm(newer);
    expect(form).toMatchObject({ sex: 'intersex', size: 'giant' });
    expect(form.goodWith.cats).toBe('sometimes');
    expect(profilePatch(newer, form)).toEqual({});
    form.sex = 'male';
    form.size = '';
    form.goodWith.cats = 'no';
    expect(profilePatch(newer, form)).toEqual({
      sex: 'male',
      size: null,
      goodWith: { cats: 'no' },
    });
  });

  it('is empty when the form shows the profile as it is', () => {
    expect(profilePatch(described, profileForm(described))).toEqual({});
    expect(profilePatch(EMPTY_PROFILE, profileForm(EMPTY_PROFILE))).toEqual({});
  });

  it('sends only what changed, and only the facts that changed', () => {
    const form = profileForm(described);
    form.sex = 'female';
    form.attributes.neutered = 'yes';
    form.attributes.houseTrained = '';
    form.goodWith.dogs = 'no';
    expect(profilePatch(described, form)).toEqual({
      sex: 'female',
      attributes: { neutered: true, houseTrained: null },
      goodWith: { dogs: 'no' },
    });
  });

  it('clears emptied text and dates with null, and ignores white space alone', () => {
    const form = profileForm(described);
    form.breed = '  ';
    form.birthDate = '';
    form.description = '  Calm.\n';
    expect(profilePatch(described, form)).toEqual({ breed: null, birthDate: null });
  });

  it('sends the colours as a list without blanks, when they changed', () => {
    const form = profileForm(described);
    expect(form.colors).toEqual(['black', 'white', '']);
    form.colors = ['', 'white', 'tan'];
    expect(profilePatch(described, form)).toEqual({ colors: ['white', 'tan'] });
    form.colors = ['black', '', 'white'];
    expect(profilePatch(described, form)).toEqual({});
  });
});
