// The back office: a staff console on its own port. zod's jitless flag is set by index.html before this runs.
import './bootstrap';
