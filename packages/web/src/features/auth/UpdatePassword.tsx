export default function UpdatePassword() {
  return <div>UpdatePassword</div>;
}
