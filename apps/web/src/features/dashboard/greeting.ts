/** The home page's greeting for an hour of the day, 0-23 (SPEC "Home"). */
export function greetingFor(hour: number): string {
  if (hour >= 5 && hour < 12) return 'Good Morning';
  if (hour >= 12 && hour < 18) return 'Good Afternoon';
  return 'Good Evening';
}
