IconMorphTool.main()
