// Placeholder until the calendar screens land (issue 8, in progress).
export const calendarRoute = { Component: () => null };
