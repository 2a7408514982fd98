"""Every dialog of the window, each opened anew whenever it is asked for."""
