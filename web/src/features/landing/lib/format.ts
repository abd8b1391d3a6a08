/** The landing page's counts: 1,234, in the learner's number style. */
export { formatCount } from '@shared/format/number';
