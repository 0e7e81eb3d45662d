"""Hostile bot for the page's tests: at its first move opens the challenge arena's IndexedDB
database (to rewrite its stored games) and prints whether it could. It must not be able to."""

import js

tried = False


def move(view):
    global tried
    if not tried:
        tried = True
        try:
            js.indexedDB.open("flit-arena-challenge")
            print("storage: opened")
        except Exception as error:  # noqa: BLE001 (what stopped it is the point)
            print(f"storage: denied ({type(error).__name__})")
    return None
