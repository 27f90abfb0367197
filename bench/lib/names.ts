/** First names and surname syllables of the generated families (the large-data run and the users-search plan). */
export const FIRST = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Lucas', 'Sophia', 'Ethan', 'Mia', 'Mateo', 'Isla', 'Leo', 'Chloe', 'Arjun', 'Zara',
  'Tobi', 'Layla', 'Finn', 'Maya', 'Jack', 'Lily', 'Owen', 'Grace', 'Diego', 'Hannah', 'Amara', 'Ben', 'Fatima', 'James', 'Sofia',
  'Priya', 'Marcus', 'Nora', 'Ivy', 'Hugo', 'Wren', 'Elena', 'Kai', 'Aiden', 'Yusuf', 'Mei', 'Ravi', 'Anya', 'Theo', 'Jonah',
  'Clara', 'Felix', 'Ines', 'Omar', 'Sana', 'Eli', 'Rosa', 'Malik', 'Leila', 'Dev', 'Nina', 'Ari', 'Tess', 'Sami', 'Jade',
];
export const SYLLABLES = ['al', 'ber', 'can', 'dor', 'el', 'fen', 'gar', 'hal', 'ing', 'jor', 'kel', 'lan', 'mor', 'nab', 'ok', 'per', 'quin', 'ros', 'sten', 'tor', 'ul', 'van', 'wick', 'yar', 'zel'];
