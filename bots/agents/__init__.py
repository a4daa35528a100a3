"""The agents: the reference agents of the playtesting literature and our strong one."""
