import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { LocationMessages } from '@stockroom/schema';
import { FORM_ERROR } from 'final-form';
import { locationFormErrors } from './location-errors';

const refusal = (message: string, code: string, fields?: Record<string, string>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code, ...(fields ? { fields } : {}) } }] });

describe('locationFormErrors', () => {
  it('puts a taken code on the code and a parent loop on the parent', () => {
    expect(locationFormErrors(refusal(LocationMessages.duplicateCode, 'CONFLICT'))).toEqual({ code: LocationMessages.duplicateCode });
    expect(locationFormErrors(refusal(LocationMessages.ownDescendant, 'BAD_USER_INPUT'))).toEqual({ parentId: LocationMessages.ownDescendant });
  });

  it('puts field messages on their fields', () => {
    expect(locationFormErrors(refusal('Invalid input', 'BAD_USER_INPUT', { name: 'Name is required' }))).toEqual({ name: 'Name is required' });
  });

  it('shows any other refusal above the fields', () => {
    expect(locationFormErrors(refusal(LocationMessages.notFound, 'NOT_FOUND'))).toEqual({ [FORM_ERROR]: LocationMessages.notFound });
  });
});
