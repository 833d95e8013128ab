from riotact.cli.main import main

main()
