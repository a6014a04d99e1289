"""The setup part's pages: staff settings (staff, questions, members) and the public index."""
