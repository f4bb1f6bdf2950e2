"""Real model output, written from the shapes users pasted into public bug reports (cases.py)."""
