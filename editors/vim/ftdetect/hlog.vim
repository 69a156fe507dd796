" Hand logs of the referee (Bourré, Bid Euchre): *.hlog files.
autocmd BufRead,BufNewFile *.hlog setfiletype hlog
