import {
  changedEmail,
  emailChanges,
  PASSWORD_FORM_FIELDS,
  PROFILE_FORM_FIELDS,
  profileFormValuesOf,
  toChangePasswordInput,
  toProfileInput,
} from './profile-form-values';

describe('profile form values', () => {
  it('starts from the signed-in user and sends trimmed names and email', () => {
    const values = profileFormValuesOf({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(values).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', currentPassword: '' });
    expect(toProfileInput({ firstName: ' Grace ', lastName: 'Hopper  ', email: ' Grace@example.com ', currentPassword: '' }, { email: 'grace@example.com' })).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'Grace@example.com',
    });
  });

  it('asks for the current password only when the email really changes, and then sends it as typed', () => {
    expect(emailChanges('ada@example.com', ' ADA@example.com ')).toBe(false);
    expect(emailChanges('ada@example.com', 'countess@example.com')).toBe(true);
    const values = { firstName: 'Ada', lastName: 'Lovelace', email: 'countess@example.com', currentPassword: ' Old#2024x' };
    expect(toProfileInput(values, { email: 'ada@example.com' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'countess@example.com',
      currentPassword: ' Old#2024x',
    });
    // A password typed, then the old address put back: nothing to confirm, so it stays in the browser.
    expect(toProfileInput(values, { email: 'countess@example.com' })).not.toHaveProperty('currentPassword');
  });

  it('sends passwords as typed and never the confirmation', () => {
    expect(toChangePasswordInput({ currentPassword: ' Old#2024x', newPassword: 'New#2025x ', confirmPassword: 'New#2025x ' })).toEqual({
      currentPassword: ' Old#2024x',
      newPassword: 'New#2025x ',
    });
  });

  it('sends no current password as null, for the server to take a recent sign-in or step-up instead', () => {
    expect(toChangePasswordInput({ currentPassword: '', newPassword: 'New#2025x', confirmPassword: 'New#2025x' })).toEqual({ currentPassword: null, newPassword: 'New#2025x' });
    const values = { firstName: 'Ada', lastName: 'Lovelace', email: 'countess@example.com', currentPassword: '' };
    expect(toProfileInput(values, { email: 'ada@example.com' })).toMatchObject({ email: 'countess@example.com', currentPassword: null });
  });

  it('names the fields the server may attach messages to', () => {
    expect([...PROFILE_FORM_FIELDS].sort()).toEqual(['currentPassword', 'email', 'firstName', 'lastName']);
    expect([...PASSWORD_FORM_FIELDS].sort()).toEqual(['currentPassword', 'newPassword']);
  });

  it('reports the new address only when the email really changed', () => {
    expect(changedEmail({ email: 'ada@example.com' }, { email: 'ada@example.com' })).toBeNull();
    expect(changedEmail({ email: 'Ada@Example.com' }, { email: 'ada@example.com' })).toBeNull();
    expect(changedEmail({ email: 'ada@example.com' }, { email: 'countess@example.com' })).toBe('countess@example.com');
  });
});
