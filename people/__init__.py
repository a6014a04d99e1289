"""One person across leagues and events: profiles, hand statistics, ratings, season ladders."""
