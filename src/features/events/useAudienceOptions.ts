/** The calendar's audience choices are the shared picker's (src/audience). */
export { useAudienceOptions } from '../../audience/useAudienceOptions';
