" Vim syntax file (Vim 8.2+ and Neovim) for the referee's hand logs (*.hlog): the
" statements' keywords, players, cards with their suit symbols, amounts, comments, and a
" card taken back, (was CARD). Keywords are case-insensitive; spaces, tabs and commas part
" the items. The same highlighting as editors/hlog.tmLanguage.json.

if exists("b:current_syntax")
  finish
endif

syn case ignore
" A name goes on with letters, digits, _, ' or - (and letters beyond ASCII).
syn iskeyword @,48-57,_,192-255,',-

syn match hlogName "\<[^0-9_'-]\k*"
syn match hlogNumber "\k\@<![+-]\=[$€£¥₹]\=[+-]\=\d\+\(\.\d\+\)\=[$€£¥₹]\=\k\@!"
syn match hlogSuit "\<\(spades\=\|hearts\=\|diamonds\=\|clubs\=\)\>"
syn match hlogSuit "[♠♥♦♣♤♡♢♧]"
syn match hlogCard "\k\@<!\(10\|[2-9tjqka]\)[shdc♠♥♦♣♤♡♢♧]\k\@!"
syn match hlogCard "\<joker\>"
syn match hlogKeyword "\<\(pass\|fold\|play\|stand\|discard\|draw\|wins\|bourre\|bourré\|renege\|penalty\|split\|pot\|ask\|moon\|trick\|ace-no-face\|ace_no_face\)\>"
syn match hlogStatement "^[ \t,]*\zs\(game\|players\|rules\|option\|title\|date\|event\|table\|pot\|exempt\|score\|hand\|dealer\|deal\|trick\|claim\|trump\|ante\|settle\|bid\|exchange\|discard\|redeal\)\k\@!"
" What follows a keyword: text to the line's end (or its comment), a game, an option's key.
syn match hlogText "\(^[ \t,]*\(title\|event\|table\|date\|rules\)\k\@![ \t,]*:\=[ \t,]*\)\@<=[^# \t,:]\([^#]*[^# \t]\)\="
syn match hlogGame "\(^[ \t,]*game\k\@![ \t,]*:\=[ \t,]*\)\@<=[^# \t,:]\([^#]*[^# \t]\)\="
syn match hlogOptionKey "\(^[ \t,]*option\k\@![ \t,]*:\=[ \t,]*\)\@<=[a-z_][a-z0-9_-]*"
syn match hlogRetracted "([ \t]*was[ \t,]\+[^)#]*)" contains=hlogWas,hlogCard
syn keyword hlogWas was contained
syn match hlogComment "#.*$" contains=@Spell

hi def link hlogComment Comment
hi def link hlogStatement Statement
hi def link hlogKeyword Keyword
hi def link hlogWas Keyword
hi def link hlogName Identifier
hi def link hlogCard Constant
hi def link hlogSuit Constant
hi def link hlogNumber Number
hi def link hlogText String
hi def link hlogGame Type
hi def link hlogOptionKey Type
hi def link hlogRetracted Special

let b:current_syntax = "hlog"
