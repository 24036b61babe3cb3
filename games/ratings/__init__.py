"""Rating systems as pure functions over plain numbers."""
