// Area 'reports' of the console (see src/areas.ts).
export default function Area() {
  return <h1>reports</h1>;
}
