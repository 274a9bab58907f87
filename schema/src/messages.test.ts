import { durationInWords, LockoutMessages } from './messages';

describe('durationInWords', () => {
  it.each([
    [900, '15 minutes'],
    [890, '15 minutes'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [45, '45 seconds'],
    [1, '1 second'],
    [0.2, '1 second'],
    [0, '1 second'],
    [3600, '1 hour'],
    [7200, '2 hours'],
    [5400, '90 minutes'],
  ])('%s seconds read "%s"', (seconds, words) => {
    expect(durationInWords(seconds)).toBe(words);
  });
});

describe('LockoutMessages', () => {
  it('counts the attempts left and names the lock’s length', () => {
    expect(LockoutMessages.attemptsLeft(2, 900)).toBe('2 attempts left before sign-in is locked for 15 minutes.');
    expect(LockoutMessages.attemptsLeft(1, 900)).toBe('1 attempt left before sign-in is locked for 15 minutes.');
    expect(LockoutMessages.lockedNow(900)).toBe('Sign-in is now locked for 15 minutes.');
    expect(LockoutMessages.tryAgainIn(61)).toBe('Try again in 2 minutes.');
  });
});
