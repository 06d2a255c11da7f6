print("iconmorph")
