// Placeholder until the event form lands (issue 8, in progress).
export const newEventRoute = { Component: () => null };
export const editEventRoute = { Component: () => null };
