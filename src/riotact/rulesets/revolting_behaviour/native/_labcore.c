/* Revolting Behaviour!'s compiled laboratory core (issue 11): the rules of rules/ on plain ints.
 *
 * It plays exactly what the Python engine (turn.py and rules/) plays: the same decisions in the same order, the
 * same cards from the same random stream. Chance is drawn by calling the game's own random.Random
 * (its ``random`` method, passed in), in the same places and order as Pile.draw and Umpire.permute
 * call it, so a seed deals the same cards here and there. It keeps no words: a laboratory game is
 * explained on demand by replaying its decisions through the Python engine (lab.py), which checks
 * that it reaches the same state. The rule IDs below are those of rules/.
 *
 * An explained core (``explain=True``) also records the log as facts while it plays: for every
 * event the Python rules log, in the same order, a fixed-size record of ints (its kind, the turn, a seat
 * and up to FACTS numbers: cards, values, counts). lablog.py words them on read, with the same
 * functions the Python rules word their events with (text.py), so nothing here is text.
 *
 * Cards are ints: 0..51 the new-pack order of cards.py (suit S H D C, ace to king), 52 a Joker.
 * Activity suits are numbered as ACTIVITIES (D H C S); severities as SEVERITIES (mild..extreme).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAX_SEATS 6
#define MAX_CARDS 64
#define JOKER 52
#define MAX_IDS 256
#define MAX_OPTION 10000  /* rewards and the illegal multiplier the core takes (lab.py: else Python) */

enum { A_PASS, A_DRAW, A_STOP, A_RESTART, A_RETIRE, A_USE_CAUSE };  /* ids 0..5 (encoding.py) */
enum { PH_RESTART, PH_DECLARE, PH_DRAW, PH_USE };
/* How a game ended; lab.py words them as the Python rules do. */
enum { END_NONE, END_TURN_LIMIT, END_ELIMINATION, END_ALL_OUT, END_CAUSE_DEFEATED, END_CAUSE_EMPTY };
/* The log's records (lablog.py numbers them the same): one per event of the Python rules, with its facts. */
enum {
    F_DECISION,     /* seat: id, attempt suit or -1, attempt's action points      (Game.apply)  */
    F_SHUFFLE,      /* seat: pile (0 Cause Deck, 1 Action Deck), rule number, size  (RB-05/14/17/26) */
    F_CAUSE_CARD,   /* seat: card, dealt face down to the Cause                   (RB-06, hidden) */
    F_CAUSE_SET,    /* seat: cards, RP                                             (RB-08) */
    F_PERMUTE,      /* -1: the order (base8)                                       (RB-09) */
    F_ORDER,        /* -1: the order (base8), each one's RP in order               (RB-02) */
    F_RETIRE,       /* seat                                                        (RB-26) */
    F_STOP,         /* seat                                                        (RB-14) */
    F_DECK_EMPTY,   /* seat                                                        (RB-14) */
    F_ACTION_CARD,  /* seat: card, suit, severity, RP paid, RP, Cause cards         (RB-14, RB-15) */
    F_MISS,         /* seat: card, suit, severity                                  (RB-12) */
    F_RAISE,        /* seat: card, RP raised, RP, Cause cards                      (RB-13, RB-16) */
    F_GAIN_AP,      /* seat: card, action points                                   (RB-13) */
    F_ATTACK,       /* seat: target, AP, RP lost, target's RP, target's Cause      (RB-19) */
    F_REVEAL,       /* seat: card                                                  (RB-20) */
    F_UNBEATEN,     /* seat: AP, card                                              (RB-20) */
    F_DEFEAT,       /* seat: card, AP left, RP, Cause cards                        (RB-20) */
    F_UNUSED,       /* seat: AP                                                    (RB-18) */
    F_JOKER_OUT,    /* seat                                                        (RB-21 gap) */
    F_CRACKDOWN,    /* seat: 0 a Joker drawn, 1 a Joker revealed in the Cause       (RB-21) */
    F_BURY_CARD,    /* seat: card, to the bottom of the Cause                      (RB-22, hidden) */
    F_BURIED,       /* seat: cards added, RP, Cause cards                          (RB-22) */
    F_PENALTY_CARD, /* seat: card                                                  (RB-23) */
    F_PENALTY,      /* seat: RP lost, card, RP, Cause cards                        (RB-23) */
    F_RESTARTED,    /* seat                                                        (RB-26) */
    F_END,          /* -1: the game is over (Game announces the result)                         */
};
#define FACTS 7
#define RECORD (3 + FACTS)  /* kind, turn, seat, facts */

typedef struct { int n; signed char c[MAX_CARDS]; } Pile;
typedef long long Points;  /* RP and AP: rewards up to MAX_OPTION never overflow */

typedef struct {
    Points rp;
    int face_up, out;
    Pile cause_deck, action, cause, defeated, set_aside;
} Player;

typedef struct {
    PyObject_HEAD
    PyObject *rand;       /* the game's random.Random().random */
    PyObject *illegal;    /* callable(seat, action, why) -> the exception raised for an illegal id */
    PyObject *seat_names; /* tuple of str */
    PyObject *id_names;   /* tuple of str: the encoding's action ids */
    PyObject **small;     /* cached Python ints 0..n_ids-1 */
    int failed;           /* the random call raised */
    /* options */
    int n_seats, cause_cards, turn_limit, jokers, first_random, reorder, fixes_use, n_levels;
    int levels[4], severe_min, reward[4], illegal_mult, reshuffle_empty, full_cost, charge_jokers;
    int reveal_zero, keep_defeated, discard_joker, penalty_costs, restart_before, restart_reshuffles;
    /* numbering */
    int use_id[MAX_SEATS], decl_id[4][4], decl_target_id[4][4][MAX_SEATS];
    signed char kind_suit[MAX_IDS], kind_level[MAX_IDS], kind_target[MAX_IDS];
    int n_ids;
    /* state */
    Player p[MAX_SEATS];
    int order[MAX_SEATS], n_order, position, phase, turn;
    int att_on, att_seat, att_suit, att_level, att_target;
    Points att_points;
    Pile drawn;
    int end, winner;
    /* the record: seat * 256 + id per decision */
    int *record;
    Py_ssize_t n_record, cap_record;
    /* the explained log's records (explain=True): RECORD int64 each */
    int explain;
    long long *log;
    Py_ssize_t n_log, cap_log;
} Core;

/* -- activities and cards (rules.py) ------------------------------------------ */
static const int ACT_CARD_SUIT[4] = {2, 1, 3, 0};  /* D H C S as card suits (S=0 H=1 D=2 C=3) */
static int act_legal(int k) { return k < 2; }
static int act_force(int k) { return k & 1; }
static int act_cost(int k) { return act_legal(k) ? 1 : 2; }  /* RB-15 */
static int rank_of(int c) { return c == JOKER ? 0 : c % 13 + 1; }
static int suit_of(int c) { return c / 13; }
static int card_value(int c) { return c == JOKER ? 15 : rank_of(c); }  /* RB-04 */
static int is_red(int c) { return suit_of(c) == 1 || suit_of(c) == 2; }

static int succeeds(Core *g, int c, int k, int level) {  /* RB-12 */
    if (c == JOKER) return 0;
    if (level == 0) return is_red(c) == act_legal(k);
    if (suit_of(c) != ACT_CARD_SUIT[k]) return 0;
    if (level == 1) return 1;
    if (level == 2) return rank_of(c) >= g->severe_min;
    return rank_of(c) >= 11;
}

static Points reward(Core *g, int k, int level) {  /* RB-13 */
    return act_legal(k) ? g->reward[level] : (Points)g->reward[level] * g->illegal_mult;
}

/* -- chance: the game's own generator, as Pile.draw and Umpire.permute use it ---------- */
static double rnd(Core *g) {
    PyObject *r = PyObject_CallNoArgs(g->rand);
    if (r == NULL) { g->failed = 1; return 0.0; }
    double d = PyFloat_AsDouble(r);
    Py_DECREF(r);
    return d;
}

static int deal(Core *g, Pile *pile) {  /* Pile.draw of a shuffled pile: a uniform card from those left */
    if (pile->n == 0) {  /* where the Python engine would fail too (an IndexError) */
        if (!g->failed) PyErr_SetString(PyExc_RuntimeError, "an empty pile was dealt from");
        g->failed = 1;
        return JOKER;
    }
    int i = (int)(rnd(g) * pile->n);
    int card = pile->c[i];
    pile->c[i] = pile->c[pile->n - 1];
    pile->n--;
    return card;
}

static int take_top(Pile *pile) {  /* Pile.draw of an unshuffled pile (the Cause) */
    int card = pile->c[0];
    memmove(pile->c, pile->c + 1, (size_t)(pile->n - 1));
    pile->n--;
    return card;
}

static void put_top(Pile *pile, int card) {
    memmove(pile->c + 1, pile->c, (size_t)pile->n);
    pile->c[0] = (signed char)card;
    pile->n++;
}

static void push(Pile *pile, int card) { pile->c[pile->n++] = (signed char)card; }

static void extend(Pile *to, Pile *from) {
    memcpy(to->c + to->n, from->c, (size_t)from->n);
    to->n += from->n;
    from->n = 0;
}

/* -- the explained log: one record per event, only when explaining --------------------------------- */
static void record(Core *g, int kind, int seat, const Points *facts) {
    if (!g->explain) return;
    if (g->n_log == g->cap_log) {
        Py_ssize_t cap = g->cap_log ? 2 * g->cap_log : 256;
        long long *grown = PyMem_Realloc(g->log, (size_t)cap * RECORD * sizeof(long long));
        if (grown == NULL) {
            if (!g->failed) PyErr_NoMemory();
            g->failed = 1;
            return;
        }
        g->log = grown; g->cap_log = cap;
    }
    long long *r = g->log + g->n_log++ * RECORD;
    r[0] = kind; r[1] = g->turn; r[2] = seat;
    memcpy(r + 3, facts, FACTS * sizeof(long long));
}
/* NOTE(g, kind, seat, facts...): the facts not given are 0. */
#define NOTE(g, kind, seat, ...) record(g, kind, seat, (Points[FACTS]){__VA_ARGS__})

static int seat_of(Core *g, Player *pl) { return (int)(pl - g->p); }

/* -- the rules (rules/) ----------------------------------------------------------- */
static void begin_turn(Core *g);
static void end_action(Core *g);

static void finish(Core *g, int end, int winner) { g->end = end; g->winner = winner; NOTE(g, F_END, -1, 0); }

static void draw_cause(Core *g, Player *pl) {  /* RB-06, RB-08 */
    int seat = seat_of(g, pl);
    int n = g->cause_cards < pl->cause_deck.n ? g->cause_cards : pl->cause_deck.n;
    for (int i = 0; i < n; i++) {
        int card = deal(g, &pl->cause_deck);
        push(&pl->cause, card);
        NOTE(g, F_CAUSE_CARD, seat, card);
    }
    pl->rp = 2 * g->cause_cards;
    NOTE(g, F_CAUSE_SET, seat, n, pl->rp);
}

static Points base8(int *seats, int n) {  /* an order of seats as one number: seat + 1 per digit, first lowest */
    Points packed = 0;
    for (int i = n - 1; i >= 0; i--) packed = packed * 8 + seats[i] + 1;
    return packed;
}

static void stable_sort_by_rp(Core *g, int *seats, int n) {  /* RB-02: descending RP, ties keep order */
    for (int i = 1; i < n; i++) {
        int s = seats[i], j = i - 1;
        while (j >= 0 && g->p[seats[j]].rp < g->p[s].rp) { seats[j + 1] = seats[j]; j--; }
        seats[j + 1] = s;
    }
}

static void start_action(Core *g) {
    g->phase = g->p[g->order[g->position]].rp == 0 ? PH_RESTART : PH_DECLARE;
}

static void begin_turn(Core *g) {  /* RB-01, RB-02, RB-09 */
    g->turn++;
    if (g->turn > g->turn_limit) { finish(g, END_TURN_LIMIT, -1); return; }
    if (g->turn == 1 && g->first_random) {
        int n = 0;
        for (int s = 0; s < g->n_seats; s++) if (!g->p[s].out) g->order[n++] = s;
        for (int i = n - 1; i > 0; i--) {  /* umpire.shuffle: Fisher-Yates, a float per swap */
            int j = (int)(rnd(g) * (i + 1));
            int t = g->order[i]; g->order[i] = g->order[j]; g->order[j] = t;
        }
        g->n_order = n;
        NOTE(g, F_PERMUTE, -1, base8(g->order, n));
    } else {
        int previous[MAX_SEATS], n = 0, m = 0;
        if (g->n_order == 0) { for (int s = 0; s < g->n_seats; s++) previous[m++] = s; }
        else { for (int i = 0; i < g->n_order; i++) previous[m++] = g->order[i]; }
        for (int i = 0; i < m; i++) if (!g->p[previous[i]].out) g->order[n++] = previous[i];
        stable_sort_by_rp(g, g->order, n);
        g->n_order = n;
        Points rp[MAX_SEATS] = {0};
        for (int i = 0; i < n; i++) rp[i] = g->p[g->order[i]].rp;
        NOTE(g, F_ORDER, -1, base8(g->order, n), rp[0], rp[1], rp[2], rp[3], rp[4], rp[5]);
    }
    g->position = 0;
    start_action(g);
}

static void check_elimination(Core *g) {  /* RB-25, RB-26 house rule */
    int standing = 0, last = -1, all_out = 1;
    for (int s = 0; s < g->n_seats; s++) {
        Player *pl = &g->p[s];
        if (!pl->out) all_out = 0;
        if (!pl->out && (pl->rp > 0 || g->restart_before)) { standing++; last = s; }
    }
    if (g->n_seats > 1 && standing == 1 && g->p[last].rp > 0) finish(g, END_ELIMINATION, last);
    else if (all_out) finish(g, END_ALL_OUT, -1);
}

static void end_action(Core *g) {
    if (g->end == END_NONE) check_elimination(g);
    if (g->end != END_NONE) return;
    if (g->reorder && g->position + 1 < g->n_order)  /* RB-02 house rule */
        stable_sort_by_rp(g, g->order + g->position + 1, g->n_order - g->position - 1);
    g->position++;
    while (g->position < g->n_order && g->p[g->order[g->position]].out) g->position++;
    if (g->position >= g->n_order) begin_turn(g);  /* RB-01 */
    else start_action(g);
}

static void return_drawn(Core *g, Player *pl) {  /* RB-17 (the shuffle deals lazily: no draw now) */
    if (g->att_on) extend(&pl->action, &g->drawn);
    NOTE(g, F_SHUFFLE, seat_of(g, pl), 1, 17, pl->action.n);
}

static void end_attempt(Core *g, Player *pl) {
    return_drawn(g, pl);
    g->att_on = 0;
    end_action(g);
}

static void crackdown(Core *g, Player *pl, int revealed) {  /* RB-21..RB-23 */
    int seat = seat_of(g, pl);
    NOTE(g, F_CRACKDOWN, seat, revealed);
    int added = pl->cause_deck.n < 5 ? pl->cause_deck.n : 5;  /* RB-22 gap: add what remains */
    for (int i = 0; i < added; i++) {
        int card = deal(g, &pl->cause_deck);
        push(&pl->cause, card);
        NOTE(g, F_BURY_CARD, seat, card);
    }
    NOTE(g, F_BURIED, seat, added, pl->rp, pl->cause.n);
    if (pl->action.n == 0) return_drawn(g, pl);
    int card = deal(g, &pl->action);
    NOTE(g, F_PENALTY_CARD, seat, card);
    if (g->att_on) push(&g->drawn, card);
    int cost = g->penalty_costs && g->att_on ? act_cost(g->att_suit) : 0;
    Points loss = card_value(card) + cost;
    if (loss > pl->rp) loss = pl->rp;
    pl->rp -= loss;
    NOTE(g, F_PENALTY, seat, loss, card, pl->rp, pl->cause.n);
}

static void cause_joker(Core *g, Player *pl, Pile *beaten, int seat) {  /* RB-21 gaps (a), (b) */
    if (!g->keep_defeated) {
        for (int b = beaten->n - 1; b >= 0; b--) {
            int card = beaten->c[b];
            for (int i = 0; i < pl->defeated.n; i++) {  /* list.remove: the first equal card */
                if (pl->defeated.c[i] == card) {
                    memmove(pl->defeated.c + i, pl->defeated.c + i + 1, (size_t)(pl->defeated.n - i - 1));
                    pl->defeated.n--;
                    break;
                }
            }
            put_top(&pl->cause, card);
        }
        pl->face_up += beaten->n;
    }
    if (g->discard_joker) {
        int at = pl->face_up - 1;
        int joker = pl->cause.c[at];
        memmove(pl->cause.c + at, pl->cause.c + at + 1, (size_t)(pl->cause.n - at - 1));
        pl->cause.n--;
        push(&pl->set_aside, joker);
        pl->face_up--;
        NOTE(g, F_JOKER_OUT, seat, 0);
    }
    crackdown(g, pl, 1);
    if (pl->cause.n == 0) finish(g, END_CAUSE_EMPTY, seat);
}

static void attack_cause(Core *g, Player *pl, Points points, int seat) {  /* RB-20, RB-24 */
    Pile beaten;
    beaten.n = 0;
    while (pl->cause.n && (points > 0 || g->reveal_zero)) {
        int top = pl->cause.c[0];
        int first_sight = pl->face_up == 0;
        if (first_sight) { pl->face_up = 1; NOTE(g, F_REVEAL, seat, top); }
        if (top == JOKER && first_sight) { cause_joker(g, pl, &beaten, seat); return; }
        int value = card_value(top);
        if (points < value) { NOTE(g, F_UNBEATEN, seat, points, top); return; }
        points -= value;
        int card = take_top(&pl->cause);
        push(&beaten, card);
        push(&pl->defeated, card);
        pl->face_up--;
        NOTE(g, F_DEFEAT, seat, card, points, pl->rp, pl->cause.n);
    }
    if (pl->cause.n == 0) finish(g, END_CAUSE_DEFEATED, seat);
    else if (points) NOTE(g, F_UNUSED, seat, points);  /* RB-18 */
}

static void use_points(Core *g, int seat, int target) {  /* RB-18, RB-19 */
    Player *pl = &g->p[seat];
    Points points = g->att_points;
    if (target < 0) attack_cause(g, pl, points, seat);
    else {
        Player *t = &g->p[target];
        Points loss = points / 2 < t->rp ? points / 2 : t->rp;  /* points >= 0: C's / is Python's // */
        t->rp -= loss;
        NOTE(g, F_ATTACK, seat, target, points, loss, t->rp, t->cause.n);
    }
    if (g->end == END_NONE) end_attempt(g, pl);
}

static void draw(Core *g, int seat) {  /* RB-12..RB-17 */
    Player *pl = &g->p[seat];
    if (pl->action.n == 0) {  /* RB-14 gap: the attempt fails, or (house rule) the deck is reshuffled */
        int refilled = 0;
        if (g->reshuffle_empty && g->att_on) {
            extend(&pl->action, &g->drawn);
            NOTE(g, F_SHUFFLE, seat, 1, 14, pl->action.n);
            refilled = pl->action.n > 0;
        }
        if (!refilled) { NOTE(g, F_DECK_EMPTY, seat, 0); end_attempt(g, pl); return; }
    }
    Points cost = act_cost(g->att_suit) < pl->rp ? act_cost(g->att_suit) : pl->rp;
    pl->rp -= cost;
    int card = deal(g, &pl->action);
    NOTE(g, F_ACTION_CARD, seat, card, g->att_suit, g->att_level, cost, pl->rp, pl->cause.n);
    push(&g->drawn, card);
    if (card == JOKER) {
        if (!g->charge_jokers) pl->rp += cost;
        crackdown(g, pl, 0);
        end_attempt(g, pl);
    } else if (succeeds(g, card, g->att_suit, g->att_level)) {
        Points gained = reward(g, g->att_suit, g->att_level);
        if (!act_force(g->att_suit)) {
            pl->rp += gained;
            NOTE(g, F_RAISE, seat, card, gained, pl->rp, pl->cause.n);
            end_attempt(g, pl);
            return;
        }
        g->att_points = gained;
        NOTE(g, F_GAIN_AP, seat, card, gained);
        if (g->fixes_use) use_points(g, seat, g->att_target);
        else g->phase = PH_USE;
    } else {
        NOTE(g, F_MISS, seat, card, g->att_suit, g->att_level);
    }
}

static void restart(Core *g, Player *pl) {  /* RB-26 */
    if (g->restart_reshuffles) {
        extend(&pl->cause_deck, &pl->cause);
        extend(&pl->cause_deck, &pl->defeated);
        extend(&pl->cause_deck, &pl->set_aside);
        NOTE(g, F_SHUFFLE, seat_of(g, pl), 0, 26, pl->cause_deck.n);
    } else {
        extend(&pl->set_aside, &pl->cause);
    }
    pl->face_up = 0;
    draw_cause(g, pl);
    NOTE(g, F_RESTARTED, seat_of(g, pl), 0);
    g->phase = PH_DECLARE;
}

static int can_pay(Core *g, Player *pl, int k) {  /* RB-15 gap default */
    return pl->rp >= (g->full_cost ? act_cost(k) : 1);
}

static int legal(Core *g, int *out) {  /* the order of state.legal_actions */
    int seat = g->order[g->position], n = 0;
    Player *pl = &g->p[seat];
    switch (g->phase) {
    case PH_RESTART:
        out[n++] = A_RESTART; out[n++] = A_RETIRE;
        return n;
    case PH_DRAW:
        out[n++] = A_STOP;
        if (can_pay(g, pl, g->att_suit)) out[n++] = A_DRAW;
        return n;
    case PH_USE:
        out[n++] = A_USE_CAUSE;
        for (int s = 0; s < g->n_seats; s++) if (s != seat && !g->p[s].out) out[n++] = g->use_id[s];
        return n;
    }
    out[n++] = A_PASS;
    for (int k = 0; k < 4; k++) {
        if (!can_pay(g, pl, k)) continue;
        for (int l = 0; l < g->n_levels; l++) {
            int level = g->levels[l];
            out[n++] = g->decl_id[k][level];
            if (act_force(k) && g->fixes_use)
                for (int s = 0; s < g->n_seats; s++)
                    if (s != seat && !g->p[s].out) out[n++] = g->decl_target_id[k][level][s];
        }
    }
    return n;
}

static void apply(Core *g, int seat, int id) {
    Player *pl = &g->p[seat];
    switch (id) {
    case A_PASS: end_action(g); return;
    case A_RESTART: restart(g, pl); return;
    case A_RETIRE: pl->out = 1; NOTE(g, F_RETIRE, seat, 0); end_action(g); return;  /* RB-26 */
    case A_DRAW: draw(g, seat); return;
    case A_STOP: NOTE(g, F_STOP, seat, 0); end_attempt(g, pl); return;  /* RB-14 */
    case A_USE_CAUSE: use_points(g, seat, -1); return;
    }
    if (g->kind_suit[id] < 0) { use_points(g, seat, g->kind_target[id]); return; }
    g->att_on = 1; g->att_seat = seat; g->att_suit = g->kind_suit[id]; g->att_level = g->kind_level[id];
    g->att_target = g->kind_target[id]; g->att_points = 0; g->drawn.n = 0;
    g->phase = PH_DRAW;
}

/* -- Python ---------------------------------------------------------------------- */
static int option(PyObject *options, const char *name, int *out) {
    PyObject *v = PyDict_GetItemString(options, name);  /* borrowed */
    if (v == NULL) { PyErr_Format(PyExc_KeyError, "option %s", name); return -1; }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    *out = (int)x;
    return 0;
}

static int Core_init(Core *g, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"rand", "options", "seat_names", "id_names", "declarations", "illegal", "explain", NULL};
    PyObject *rand, *options, *seats, *ids, *decls, *illegal;
    int explain = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO!O!O!O!O|p", kw, &rand, &PyDict_Type, &options,
                                     &PyTuple_Type, &seats, &PyTuple_Type, &ids, &PyTuple_Type, &decls, &illegal,
                                     &explain))
        return -1;
    if (g->rand != NULL) { PyErr_SetString(PyExc_RuntimeError, "a core is initialised once"); return -1; }
    int n_seats = (int)PyTuple_GET_SIZE(seats), n_ids = (int)PyTuple_GET_SIZE(ids);
    if (n_seats < 1 || n_seats > MAX_SEATS || n_ids > MAX_IDS) {
        PyErr_SetString(PyExc_ValueError, "the compiled core plays 1..6 seats");
        return -1;
    }
    const char *names[] = {"cause_cards", "turn_limit", "jokers_per_deck", "first_random", "reorder_within_turn",
                           "declaration_fixes_use", "severe", "extreme", "severe_min_rank", "reward_mild",
                           "reward_moderate", "reward_severe", "reward_extreme", "illegal_reward_multiplier",
                           "reshuffle_empty", "draw_needs_full_cost", "charge_jokers", "reveal_at_zero_ap",
                           "keep_defeated_on_joker", "discard_joker", "penalty_draw_costs",
                           "restart_before_elimination", "restart_reshuffles_cause"};
    int v[23], severe, extreme;
    for (int i = 0; i < 23; i++) if (option(options, names[i], &v[i]) < 0) return -1;
    g->cause_cards = v[0]; g->turn_limit = v[1]; g->jokers = v[2]; g->first_random = v[3]; g->reorder = v[4];
    g->fixes_use = v[5]; severe = v[6]; extreme = v[7]; g->severe_min = v[8];
    for (int i = 0; i < 4; i++) g->reward[i] = v[9 + i];
    g->illegal_mult = v[13]; g->reshuffle_empty = v[14]; g->full_cost = v[15]; g->charge_jokers = v[16];
    g->reveal_zero = v[17]; g->keep_defeated = v[18]; g->discard_joker = v[19]; g->penalty_costs = v[20];
    g->restart_before = v[21]; g->restart_reshuffles = v[22];
    int sane = g->illegal_mult >= 0 && g->illegal_mult <= MAX_OPTION;
    for (int i = 0; i < 4; i++) sane = sane && g->reward[i] >= 0 && g->reward[i] <= MAX_OPTION;
    if (!sane || g->jokers < 0 || g->jokers > MAX_CARDS - 52 - 4 || g->cause_cards < 1 || g->cause_cards > 52) {
        PyErr_SetString(PyExc_ValueError, "options outside what the compiled core plays");
        return -1;
    }
    g->n_levels = 0;  /* rules.severities */
    g->levels[g->n_levels++] = 0; g->levels[g->n_levels++] = 1;
    if (severe) g->levels[g->n_levels++] = 2;
    if (extreme) g->levels[g->n_levels++] = 3;
    g->n_seats = n_seats; g->n_ids = n_ids;
    memset(g->kind_suit, -1, sizeof g->kind_suit);
    memset(g->kind_target, -1, sizeof g->kind_target);
    for (int s = 0; s < n_seats; s++) { g->use_id[s] = 6 + s; g->kind_target[6 + s] = (signed char)s; }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(decls); i++) {  /* (id, suit, level, target or -1) */
        int id, k, level, target;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(decls, i), "iiii", &id, &k, &level, &target)) return -1;
        if (id < 0 || id >= n_ids || k < 0 || k > 3 || level < 0 || level > 3 || target >= n_seats) {
            PyErr_SetString(PyExc_ValueError, "a declaration outside the numbering");
            return -1;
        }
        g->kind_suit[id] = (signed char)k; g->kind_level[id] = (signed char)level;
        g->kind_target[id] = (signed char)target;
        if (target < 0) g->decl_id[k][level] = id;
        else g->decl_target_id[k][level][target] = id;
    }
    g->small = PyMem_Calloc((size_t)n_ids, sizeof(PyObject *));
    if (g->small == NULL) { PyErr_NoMemory(); return -1; }
    for (int i = 0; i < n_ids; i++) if ((g->small[i] = PyLong_FromLong(i)) == NULL) return -1;
    Py_INCREF(rand); g->rand = rand;
    Py_INCREF(illegal); g->illegal = illegal;
    Py_INCREF(seats); g->seat_names = seats;
    Py_INCREF(ids); g->id_names = ids;
    g->explain = explain;
    /* set-up (RB-03, RB-05, RB-06, RB-08): the shuffles deal lazily, so only the Cause draws take chance */
    for (int s = 0; s < n_seats; s++) {
        Player *pl = &g->p[s];
        memset(pl, 0, sizeof *pl);
        for (int c = 0; c < 52 + g->jokers; c++) {
            int card = c < 52 ? c : JOKER;
            push(&pl->cause_deck, card);
            push(&pl->action, card);
        }
        NOTE(g, F_SHUFFLE, s, 0, 5, pl->cause_deck.n);
        NOTE(g, F_SHUFFLE, s, 1, 5, pl->action.n);
        draw_cause(g, pl);
    }
    begin_turn(g);
    if (g->failed) return -1;
    return 0;
}

static void Core_dealloc(Core *g) {
    Py_XDECREF(g->rand); Py_XDECREF(g->illegal); Py_XDECREF(g->seat_names); Py_XDECREF(g->id_names);
    if (g->small) { for (int i = 0; i < g->n_ids; i++) Py_XDECREF(g->small[i]); PyMem_Free(g->small); }
    PyMem_Free(g->record);
    PyMem_Free(g->log);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

static PyObject *Core_legal_ids(Core *g, PyObject *Py_UNUSED(ignored)) {
    if (g->end != END_NONE) return PyTuple_New(0);
    int ids[MAX_IDS];
    int n = legal(g, ids);
    PyObject *t = PyTuple_New(n);
    if (t == NULL) return NULL;
    for (int i = 0; i < n; i++) { Py_INCREF(g->small[ids[i]]); PyTuple_SET_ITEM(t, i, g->small[ids[i]]); }
    return t;
}

static PyObject *refuse(Core *g, PyObject *seat, PyObject *action, const char *why) {
    PyObject *exc = PyObject_CallFunction(g->illegal, "OOs", seat, action, why);
    if (exc != NULL) { PyErr_SetObject((PyObject *)Py_TYPE(exc), exc); Py_DECREF(exc); }
    return NULL;
}

static PyObject *Core_apply_id(Core *g, PyObject *arg) {
    long id = PyLong_AsLong(arg);
    if (id == -1 && PyErr_Occurred()) return NULL;
    if (g->end != END_NONE) {
        PyObject *action = PyUnicode_FromFormat("%ld", id);
        PyObject *r = action ? refuse(g, PyUnicode_FromString("-"), action, "the game is over") : NULL;
        Py_XDECREF(action);
        return r;
    }
    int seat = g->order[g->position];
    int ids[MAX_IDS], n = legal(g, ids), ok = 0;
    for (int i = 0; i < n; i++) if (ids[i] == id) { ok = 1; break; }
    if (!ok) {
        PyObject *name = id >= 0 && id < g->n_ids ? PyTuple_GET_ITEM(g->id_names, id) : NULL;
        PyObject *action = name ? (Py_INCREF(name), name) : PyUnicode_FromFormat("%ld", id);
        PyObject *r = action ? refuse(g, PyTuple_GET_ITEM(g->seat_names, seat), action,
                                      "that is not a legal action now") : NULL;
        Py_XDECREF(action);
        return r;
    }
    if (g->n_record == g->cap_record) {
        Py_ssize_t cap = g->cap_record ? 2 * g->cap_record : 256;
        int *grown = PyMem_Realloc(g->record, (size_t)cap * sizeof(int));
        if (grown == NULL) return PyErr_NoMemory();
        g->record = grown; g->cap_record = cap;
    }
    g->record[g->n_record++] = seat * 256 + (int)id;
    NOTE(g, F_DECISION, seat, id, g->att_on ? g->att_suit : -1, g->att_points);
    apply(g, seat, (int)id);
    if (g->failed) return NULL;  /* the generator raised: its error stands */
    Py_RETURN_NONE;
}

static PyObject *Core_to_act(Core *g, PyObject *Py_UNUSED(ignored)) {
    if (g->end != END_NONE) return PyTuple_New(0);
    return PyTuple_Pack(1, PyTuple_GET_ITEM(g->seat_names, g->order[g->position]));
}

static PyObject *Core_is_over(Core *g, PyObject *Py_UNUSED(ignored)) { return PyBool_FromLong(g->end != END_NONE); }

static PyObject *Core_record(Core *g, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyList_New(g->n_record);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < g->n_record; i++) {
        PyObject *pair = Py_BuildValue("(ii)", g->record[i] / 256, g->record[i] % 256);
        if (pair == NULL) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

static PyObject *Core_facts(Core *g, PyObject *arg) {
    Py_ssize_t start = PyLong_AsSsize_t(arg);
    if (start == -1 && PyErr_Occurred()) return NULL;
    if (start < 0 || start > g->n_log) { PyErr_SetString(PyExc_IndexError, "no such record"); return NULL; }
    return PyBytes_FromStringAndSize((const char *)(g->log + start * RECORD),
                                     (g->n_log - start) * RECORD * (Py_ssize_t)sizeof(long long));
}

static PyObject *pile(Pile *p) {
    PyObject *t = PyTuple_New(p->n);
    if (t == NULL) return NULL;
    for (int i = 0; i < p->n; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(p->c[i]));
    return t;
}

static PyObject *Core_snapshot(Core *g, PyObject *Py_UNUSED(ignored)) {
    PyObject *players = PyTuple_New(g->n_seats);
    if (players == NULL) return NULL;
    for (int s = 0; s < g->n_seats; s++) {
        Player *pl = &g->p[s];
        PyObject *one = Py_BuildValue("{s:L,s:i,s:O,s:N,s:N,s:N,s:N,s:N}", "rp", pl->rp, "face_up", pl->face_up,
                                      "out", pl->out ? Py_True : Py_False, "cause", pile(&pl->cause),
                                      "cause_deck", pile(&pl->cause_deck), "action_deck", pile(&pl->action),
                                      "defeated", pile(&pl->defeated), "set_aside", pile(&pl->set_aside));
        if (one == NULL) { Py_DECREF(players); return NULL; }
        PyTuple_SET_ITEM(players, s, one);
    }
    PyObject *order = PyTuple_New(g->n_order);
    for (int i = 0; order && i < g->n_order; i++) PyTuple_SET_ITEM(order, i, PyLong_FromLong(g->order[i]));
    static const char *PHASES[] = {"restart", "declare", "draw", "use"};
    PyObject *attempt = g->att_on ? Py_BuildValue("(iiiiLN)", g->att_seat, g->att_suit, g->att_level,
                                                  g->att_target, g->att_points, pile(&g->drawn))
                                  : (Py_INCREF(Py_None), Py_None);
    return Py_BuildValue("{s:N,s:N,s:i,s:s,s:i,s:N,s:i,s:i}", "players", players, "order", order,
                         "position", g->position, "phase", PHASES[g->phase], "turn", g->turn,
                         "attempt", attempt, "end", g->end, "winner", g->winner);
}

static PyMethodDef Core_methods[] = {
    {"legal_ids", (PyCFunction)Core_legal_ids, METH_NOARGS, "The legal action numbers now (encoding.py), in order."},
    {"apply_id", (PyCFunction)Core_apply_id, METH_O, "Apply the acting seat's decision by its number."},
    {"to_act", (PyCFunction)Core_to_act, METH_NOARGS, "The seat to decide, or () when the game is over."},
    {"is_over", (PyCFunction)Core_is_over, METH_NOARGS, "True once the game has ended."},
    {"record", (PyCFunction)Core_record, METH_NOARGS, "The decisions so far: [(seat index, action number)]."},
    {"facts", (PyCFunction)Core_facts, METH_O,
     "The explained log's records from the given one on, as bytes of int64 (lablog.py reads them)."},
    {"snapshot", (PyCFunction)Core_snapshot, METH_NOARGS, "The whole state in plain ints (lab.py compares it)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "riotact.rulesets.revolting_behaviour.native._labcore.Core",
    .tp_doc = "Revolting Behaviour! rules on plain ints, drawing from the game's random.Random.",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, .m_name = "_labcore", .m_doc = "RB's compiled laboratory core.", .m_size = -1};

PyMODINIT_FUNC PyInit__labcore(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) { Py_DECREF(&CoreType); Py_DECREF(m); return NULL; }
    return m;
}
