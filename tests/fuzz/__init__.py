"""Property-based fuzzing of the engine's two text and value parsers, for every registered game."""
