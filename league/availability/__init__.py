"""Who is coming on each night: players' answers, the reminder that asks, and the fixtures
where a team will be short."""
