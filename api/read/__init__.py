"""The API's read endpoints: leagues, standings, tournaments and people (one router each)."""
