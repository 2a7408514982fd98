"""The table: the scene, the view, the player's mouse and keyboard, marks, animation, layout
and the spoken texts."""
