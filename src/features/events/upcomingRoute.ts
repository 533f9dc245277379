// Placeholder until the home section lands (issue 8, in progress).
export const UpcomingEvents = () => null;
