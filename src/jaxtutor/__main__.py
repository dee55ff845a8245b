from jaxtutor.cli import main

raise SystemExit(main())
