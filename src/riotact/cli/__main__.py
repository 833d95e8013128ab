from riotact.cli.main import main

if __name__ == "__main__":  # not when a worker process (spawned by uvicorn --workers, the bots' pool) imports it
    main()
