"""Tournament pages, split by audience: public, printable, director."""
