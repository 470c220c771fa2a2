// Area 'payments' of the console (see src/areas.ts).
export default function Area() {
  return <h1>payments</h1>;
}
