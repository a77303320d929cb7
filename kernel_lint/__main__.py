import sys

from kernel_lint.cli import main

sys.exit(main())
