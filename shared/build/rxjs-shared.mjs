// The part of rxjs the apps share (see TRIMMED in federation.mjs): the bus needs subjects and a few
// operators, not the whole library. Every app imports 'rxjs' as usual and gets these exports; an app
// that needs another one adds it here.
export {
  Observable,
  Subject,
  BehaviorSubject,
  ReplaySubject,
  Subscription,
  EMPTY,
  of,
  from,
  merge,
  timer,
  interval,
  firstValueFrom,
  lastValueFrom,
  filter,
  map,
  take,
  takeUntil,
  distinctUntilChanged,
  debounceTime,
  startWith,
  switchMap,
  tap,
  share,
  shareReplay,
} from '@khela/rxjs-package';
