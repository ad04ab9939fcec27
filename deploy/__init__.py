"""Running medici-tourney on several servers: the shipped nginx and Redis
configurations, the environment every app host shares (docs/deploy.md), and
``make test-deploy`` (``deploy.test_deploy``), which runs them on loopback."""
