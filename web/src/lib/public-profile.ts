/**
 * Where a learner's public profile opens (issue 20): leaderboards and community posts link here with the public id they
 * are given (never a Cognito sub). It lives below the features so any of them may link to it (features do not import
 * one another); the profile feature serves the page.
 */
export const publicProfileHref = (publicId: string): string => `/app/people/${encodeURIComponent(publicId)}`;
