// Placeholder until the calendar feed card lands (issue 8, in progress).
export const CalendarFeedCard = () => null;
