// Area 'operators' of the console (see src/areas.ts).
export default function Area() {
  return <h1>operators</h1>;
}
